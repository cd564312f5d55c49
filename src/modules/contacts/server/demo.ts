import { tableOf } from '../../../core/db/entity-table';
import { registerCompanySetup } from '../../../core/tenancy/company-setup';
import { branch } from '../model/branch.entity';
import { contact } from '../model/contact.entity';

/** Demo data for a new demo company: two branches and a few bilingual contacts. */
registerCompanySetup('contacts.demo', async (tx, companyId, { demo, userId }) => {
  if (!demo) return;
  const b = tableOf(branch);
  const [main] = await tx.insert(b).values([
    { companyId, code: 'HQ', name: 'Head office', nameAr: 'المركز الرئيسي', phone: '+966 11 000 0000', createdBy: userId, updatedBy: userId },
    { companyId, code: 'JED', name: 'Jeddah branch', nameAr: 'فرع جدة', phone: '+966 12 000 0000', createdBy: userId, updatedBy: userId },
  ]).returning({ id: b.id });
  await tx.insert(tableOf(contact)).values([
    { companyId, kind: 'company', name: 'Al-Amal Supplies', nameAr: 'مؤسسة الأمل للتوريدات', phone: '0501234567', email: 'sales@alamal.example', isVendor: true, branchId: main!.id },
    { companyId, kind: 'individual', name: 'Ahmed Ibrahim', nameAr: 'أحمد إبراهيم', phone: '0559876543', isCustomer: true, branchId: main!.id },
    { companyId, kind: 'company', name: 'Nile Trading', nameAr: 'شركة النيل للتجارة', email: 'info@nile.example', isCustomer: true, isVendor: true },
    { companyId, kind: 'individual', name: 'Fatimah Al-Zahra', nameAr: 'فاطمة الزهراء', phone: '٠٥٠١١١٢٢٣٣', isCustomer: true },
  ].map((c) => ({ ...c, createdBy: userId, updatedBy: userId })));
});
