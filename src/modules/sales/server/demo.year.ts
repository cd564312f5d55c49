import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Tx } from '../../../core/db/tx';
import { ops } from '../../../core/entity/operations';
import { counted, type SetupOpts, setupCtx } from '../../../core/tenancy/company-setup';
import { demoYear } from '../../../core/tenancy/demo-year';
import { companyToday } from '../../../core/time/company-time';
import { productLabelsSql, productsForSale, stockQuantities } from '../../inventory';
import { salesOrder } from '../model/sales-order.entity';

/**
 * A year of sales orders for a demo company (called at the end of sales.demo, after inventory's demo year): three
 * orders a month over the demo year (core/tenancy/demo-year.ts), rotating the customers, products and payment
 * methods, the salesperson on two of three; each created, CONFIRMED through the real path (ops.transition: number,
 * delivery through inventory, invoice through accounting) so stock and books agree, and the older months' paid
 * (completed). Quantities stay within a quarter of what is available, so no order is refused. 36 orders keep the
 * first start fast (each confirm is a delivery and an invoice). Deterministic for a given company date.
 */
const DAYS = [6, 15, 24];

export async function salesDemoYear(tx: Tx, companyId: number, opts: SetupOpts): Promise<void> {
  const ctx = setupCtx(companyId, opts);
  const today = companyToday(ctx);
  const { months } = demoYear(today);
  const q = async <T,>(s: ReturnType<typeof sql>) => (await tx.execute(s)).rows as T[];
  const customers = await q<{ id: number }>(sql`SELECT id FROM contacts WHERE company_id = ${companyId} AND is_customer ORDER BY id`);
  const [sp] = await q<{ id: number }>(sql`SELECT id FROM salespersons WHERE company_id = ${companyId} AND is_active ORDER BY id LIMIT 1`);
  const products = await salableStock(tx, ctx, companyId);
  if (!customers.length || !products.length) return;
  const left = new Map(products.map((p) => [p.id, new Decimal(p.available).div(4).floor()]));
  let n = 0;
  for (const m of months) {
    for (const d of DAYS) {
      const date = m.day(d);
      if (!date) continue;
      const items = [0, 1].map((j) => products[(n * 3 + j * 5) % products.length]!)
        .filter((p, j, all) => all.findIndex((x) => x.id === p.id) === j)
        .map((p, j) => ({ productId: p.id, quantity: String(1 + ((n + j) % 3)) }))
        .filter((l) => left.get(l.productId)!.gte(l.quantity));
      if (!items.length) continue;
      for (const l of items) left.set(l.productId, left.get(l.productId)!.minus(l.quantity));
      const order = await ops.create(ctx, salesOrder, {
        customerId: customers[n % customers.length]!.id, orderDate: date, paymentMethod: ['credit', 'cash', 'bank_transfer'][n % 3],
        salespersonId: n % 3 === 2 || !sp ? undefined : sp.id, discount: n % 4 === 3 ? '5' : '0', items,
      });
      const confirmed = await ops.transition(ctx, salesOrder, order.id as number, 'confirm');
      if (m.index < 10) await ops.action(ctx, salesOrder, order.id as number, 'pay', { amount: String(confirmed.totalAmount), date });
      n++;
    }
  }
  counted(opts, 'sales orders', n);
}

/** The storable, salable products with what is available of each now (the demo's stock after inventory's year). */
async function salableStock(tx: Tx, ctx: ReturnType<typeof setupCtx>, companyId: number) {
  const all = (await tx.execute(sql`SELECT pl.id FROM ${productLabelsSql(companyId)} pl ORDER BY pl.id`)).rows.map((r) => Number(r.id));
  const { products } = await productsForSale(ctx, all);
  const ids = all.filter((id) => { const p = products.get(id); return p && p.storable && p.salable && p.isActive; });
  const qs = await stockQuantities(ctx, { productIds: ids });
  return qs.filter((x) => new Decimal(x.available).gte(4)).map((x) => ({ id: x.productId, available: x.available }));
}
