import { ops } from '../../../core/entity/operations';
import { counted, registerCompanySetup, setupCtx } from '../../../core/tenancy/company-setup';
import { branch } from '../model/branch.entity';
import { contact } from '../model/contact.entity';

/** A national address (address-fields.ts) in both languages. */
const address = (buildingNumber: string, street: string, streetAr: string, district: string, districtAr: string, city: string, cityAr: string, postalCode: string, additionalNumber: string) =>
  ({ buildingNumber, street, streetAr, district, districtAr, city, cityAr, postalCode, additionalNumber });

/**
 * Demo data for a new demo company: two branches and bilingual customers and vendors, through the generic create.
 * The demo company is registered for VAT, so its business customers carry their VAT numbers, CRs and national
 * addresses (a Saudi tax invoice to a business needs the buyer's VAT number).
 */
const CONTACTS = [
  { kind: 'company', name: 'Al-Amal Supplies', nameAr: 'مؤسسة الأمل للتوريدات', phone: '0501234567', email: 'sales@alamal.example', isVendor: true, hq: true, taxNumber: '311111111100003' },
  { kind: 'individual', name: 'Ahmed Ibrahim', nameAr: 'أحمد إبراهيم', phone: '0559876543', isCustomer: true, hq: true, organizationName: 'Ibrahim Family Restaurants', area: 'Al Olaya' },
  { kind: 'company', name: 'Nile Trading', nameAr: 'شركة النيل للتجارة', email: 'info@nile.example', isCustomer: true, isVendor: true, taxNumber: '300123456700003', crNumber: '4030123456', ...address('7410', 'Prince Sultan Road', 'طريق الأمير سلطان', 'Al Rawdah', 'الروضة', 'Jeddah', 'جدة', '23435', '2211') },
  { kind: 'individual', name: 'Fatimah Al-Zahra', nameAr: 'فاطمة الزهراء', phone: '٠٥٠١١١٢٢٣٣', isCustomer: true, area: 'Al Malqa' },
  { kind: 'company', name: 'Riyadh Office Mart', nameAr: 'سوق الرياض للمكتبيات', phone: '0114567890', email: 'orders@officemart.example', isCustomer: true, hq: true, taxNumber: '310987654300003', crNumber: '1010654321', ...address('3456', 'Olaya Street', 'شارع العليا', 'Al Olaya', 'العليا', 'Riyadh', 'الرياض', '12244', '7788') },
  { kind: 'company', name: 'Red Sea Hotels', nameAr: 'فنادق البحر الأحمر', phone: '0126543210', email: 'purchasing@redsea.example', isCustomer: true, taxNumber: '302345678900003', crNumber: '4030987654', ...address('8120', 'Tahlia Street', 'شارع التحلية', 'Al Andalus', 'الأندلس', 'Jeddah', 'جدة', '23326', '3344') },
  { kind: 'company', name: 'Gulf Food Distributors', nameAr: 'الخليج لتوزيع الأغذية', phone: '0138887766', email: 'sales@gulffood.example', isVendor: true },
  { kind: 'company', name: 'Najd Electronics', nameAr: 'نجد للإلكترونيات', phone: '0112223344', email: 'b2b@najd.example', isVendor: true },
  { kind: 'individual', name: 'Omar Al-Harbi', nameAr: 'عمر الحربي', phone: '0533344455', isCustomer: true, area: 'Al Nakheel' },
];

registerCompanySetup('contacts.demo', async (_tx, companyId, opts) => {
  if (!opts.demo) return;
  const ctx = setupCtx(companyId, opts);
  const main = await ops.create(ctx, branch, { code: 'HQ', name: 'Head office', nameAr: 'المركز الرئيسي', phone: '+966 11 000 0000' });
  await ops.create(ctx, branch, { code: 'JED', name: 'Jeddah branch', nameAr: 'فرع جدة', phone: '+966 12 000 0000' });
  counted(opts, 'branches', 2);
  for (const { hq, ...c } of CONTACTS) await ops.create(ctx, contact, { ...c, ...(hq && { branchId: main.id }) });
  counted(opts, 'contacts', CONTACTS.length);
});
