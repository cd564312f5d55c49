import { sql } from 'drizzle-orm';
import { ops } from '../../../core/entity/operations';
import { type CompanySetup, counted, inLanguage, setupCtx } from '../../../core/tenancy/company-setup';
import { companyToday } from '../../../core/time/company-time';
import { salesOrder } from '../model/sales-order.entity';
import { salesReturn } from '../model/sales-return.entity';
import { loadInventorySettings, stockQuantities } from './entries';

/**
 * Demo sales return (registered by demo.ts after sales.demo, whose customers and reasons it uses): a cash sale of today, confirmed (delivered and invoiced) and paid, then one
 * of its items brought back as damaged and refunded in cash, through the generic operations (the same validation,
 * hooks, postings and audit as the API), so the returns list and /sales/returndetails/{id} have a record to open and
 * the books show a credit note, its refund and the stock back at cost.
 */
export const demoReturns: CompanySetup = async (tx, companyId, opts) => {
  if (!opts.demo) return;
  const ctx = setupCtx(companyId, opts);
  const q = async <T,>(s: ReturnType<typeof sql>) => (await tx.execute(s)).rows as T[];
  const loc = { id: (await loadInventorySettings(tx, companyId)).defaultLocationId };
  const [customer] = await q<{ id: number }>(sql`SELECT id FROM contacts WHERE company_id = ${companyId} AND name = 'Khalid Al-Harbi'`);
  const [reason] = await q<{ id: number }>(sql`SELECT id FROM sales_reasons WHERE company_id = ${companyId} AND name LIKE 'Damaged item%'`);
  if (!loc.id || !customer || !reason) return;
  // the products of the demo's draft order (sales.demo), priced as there, when the stock has enough of them
  const lines = await q<{ id: number; price: string }>(sql`SELECT DISTINCT ON (product_id) product_id AS id, price::text AS price
    FROM sales_order_lines WHERE company_id = ${companyId} ORDER BY product_id LIMIT 2`);
  const stock = await stockQuantities(ctx, { productIds: lines.map((l) => l.id), locationId: loc.id });
  const products = lines.filter((l) => stock.some((s) => s.productId === l.id && Number(s.available) >= 3));
  if (products.length < 2) return;
  const order = await ops.create(ctx, salesOrder, {
    locationId: loc.id, customerId: customer.id, orderDate: companyToday(ctx), paymentMethod: 'cash', notes: inLanguage(opts, 'Demo sale returned in part', 'بيع تجريبي مرتجع جزئيًا'),
    items: [{ productId: products[0]!.id, quantity: '3', price: products[0]!.price }, { productId: products[1]!.id, quantity: '2', price: products[1]!.price }],
  });
  const confirmed = await ops.transition(ctx, salesOrder, order.id, 'confirm');
  await ops.action(ctx, salesOrder, order.id, 'pay', { amount: String(confirmed.totalAmount) });
  const ret = await ops.create(ctx, salesReturn, {
    orderId: order.id, refundMethod: 'cash', reasonId: reason.id, notes: inLanguage(opts, 'Demo return', 'مرتجع تجريبي'),
    items: [{ orderLine: 1, quantity: '1', reason: inLanguage(opts, 'Cracked casing', 'غلاف مكسور') }],
  });
  await ops.transition(ctx, salesReturn, ret.id, 'confirm');
  counted(opts, 'sales returns');
};
