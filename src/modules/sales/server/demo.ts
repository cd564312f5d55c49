import { and, asc, eq, sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import { ops } from '../../../core/entity/operations';
import { counted, inLanguage, registerCompanySetup, setupCtx } from '../../../core/tenancy/company-setup';
import { companyToday } from '../../../core/time/company-time';
import { product } from '../../inventory/model/product.entity';
import { salesOrder } from '../model/sales-order.entity';
import { salesReason } from '../model/sales-reason.entity';
import { salesperson } from '../model/salesperson.entity';
import { loadInventorySettings } from './entries';
import { demoPriceLists } from './demo.price-lists';
import { salesDemoYear } from './demo.year';

/**
 * Demo sales data for a demo company (after sales.defaults and the contacts' and inventory's demo): two more
 * customers, the admin as a salesperson with a target and the usual return reasons, in both languages; a wholesale
 * price list (demo.price-lists.ts); a draft order, then a year of orders (demo.year.ts).
 */
registerCompanySetup('sales.demo', async (tx, companyId, opts) => {
  const { demo, userId } = opts;
  if (!demo) return;
  const by = { companyId, createdBy: userId, updatedBy: userId };
  // Al-Noor Markets is a business: its VAT number, CR and national address go on its (Saudi) tax invoices
  await tx.execute(sql`INSERT INTO contacts (company_id, kind, name, name_ar, phone, address, is_customer, created_by, updated_by,
      tax_number, cr_number, building_number, street, street_ar, district, district_ar, city, city_ar, postal_code, additional_number) VALUES
    (${companyId}, 'company', 'Al-Noor Markets', 'أسواق النور', '0114567890', ${inLanguage(opts, 'King Fahd Road, Riyadh', 'طريق الملك فهد، الرياض')}, true, ${userId}, ${userId},
      '300987654300003', '1010777888', '6543', 'King Fahd Road', 'طريق الملك فهد', 'Al Sulimaniyah', 'السليمانية', 'Riyadh', 'الرياض', '12245', '4455'),
    (${companyId}, 'individual', 'Khalid Al-Harbi', 'خالد الحربي', '0533334444', ${inLanguage(opts, 'Al-Rawdah, Jeddah', 'الروضة، جدة')}, true, ${userId}, ${userId},
      null, null, null, null, null, null, null, null, null, null, null)`);
  const u = (await tx.execute(sql`SELECT full_name AS name FROM users WHERE id = ${userId}`)).rows[0] as { name?: string } | undefined;
  await tx.insert(tableOf(salesperson)).values({ ...by, userId, name: u?.name ?? 'Admin', salesTarget: '250000', isActive: true });
  await tx.insert(tableOf(salesReason)).values([
    { ...by, name: 'Damaged item', nameAr: 'منتج تالف' }, { ...by, name: 'Wrong item', nameAr: 'منتج خاطئ' }, { ...by, name: 'Customer changed mind', nameAr: 'عدل العميل عن الشراء' },
  ]);
  await demoPriceLists(tx, companyId, opts);
  // A draft order of the new customer, through the generic operation (validation, pricing, hooks, audit), so the
  // order screens have a record to open; its confirm is left to the person trying the product.
  const ctx = setupCtx(companyId, opts);
  const [customer] = (await tx.execute(sql`SELECT id FROM contacts WHERE company_id = ${companyId} AND name = 'Al-Noor Markets'`)).rows as { id: number }[];
  // inventory's products through its model definition, its settings through its public entry (module boundaries)
  const pt = tableOf(product);
  const products = await tx.select({ id: pt.id, price: sql<string>`coalesce(nullif(${pt.salePrice}, 0), nullif(${pt.cost}, 0), 1)::text` })
    .from(pt).where(and(eq(pt.companyId, companyId), eq(pt.productType, 'storable'))).orderBy(asc(pt.id)).limit(2);
  if (customer && products.length) {
    await ops.create(ctx, salesOrder, {
      locationId: (await loadInventorySettings(tx, companyId)).defaultLocationId ?? undefined,
      customerId: customer.id, orderDate: companyToday(ctx), paymentMethod: 'credit', notes: inLanguage(opts, 'Demo order', 'طلب تجريبي'),
      items: products.map((p) => ({ productId: p.id, quantity: '2', price: p.price })),
    });
    counted(opts, 'sales orders');
  }
  await salesDemoYear(tx, companyId, opts);
});
import { demoReturns } from './demo.returns';
registerCompanySetup('sales.returns.demo', demoReturns);
