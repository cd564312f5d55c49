import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ctxOf } from '../../../../tests/support/ctx';
import { type Client, type TestApp, testAppWith } from '../../../../tests/support/test-app';
import { withTx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { postStock } from '../../inventory';

/**
 * What the sales tests share: an app with an Arabic client, the company's stock and vendors locations, a customer,
 * products with stock received at a cost, and raw counts of what confirming an order writes.
 */
export interface SalesKit {
  ctx: Ctx; stock: number; customer: number; categoryId: number; unit: number; dozen: number;
  product: (name: string, salePrice: string, onHand: string, cost?: string) => Promise<number>;
  q: <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => Promise<T[]>;
  counts: () => Promise<Record<string, number>>;
  order: (body: Record<string, unknown>, c?: Client) => Promise<Record<string, any>>;
  /** An order of one unit of `productId` on `orderDate`, confirmed: its number. */
  confirmedNumber: (productId: number, orderDate: string) => Promise<string>;
}

export async function salesApp(): Promise<{ t: TestApp; k: SalesKit; ar: Client }> {
  return testAppWith(async (t) => {
    const ctx = await ctxOf(t);
    const q = async <T,>(query: ReturnType<typeof sql>) => (await t.db.orm.execute(query)).rows as T[];
    const [loc] = await q<{ stock: number; vendors: number }>(sql`SELECT default_location_id AS stock, vendor_location_id AS vendors FROM inventory_settings WHERE company_id = ${ctx.companyId}`);
    const [u] = await q<{ unit: number; dozen: number }>(sql`SELECT (SELECT id FROM uoms WHERE company_id = ${ctx.companyId} AND name = 'Unit') AS unit, (SELECT id FROM uoms WHERE company_id = ${ctx.companyId} AND name = 'Dozen') AS dozen`);
    const categoryId = (await t.admin.post('/api/inventory/categories', { name: 'Beverages' })).json().id as number;
    const customer = (await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Al-Noor Markets', isCustomer: true })).json().id as number;
    let n = 0;
    const product = async (name: string, salePrice: string, onHand: string, cost = '4') => {
      const r = await t.admin.post('/api/inventory/products', { name, categoryId, productType: 'storable', uomId: u!.unit, cost, salePrice });
      expect(r.statusCode).toBe(201);
      const id = r.json().id as number;
      if (onHand !== '0') await withTx(t.db, (tx) => postStock(tx, ctx, { date: '2026-01-02', reference: `IN-${++n}`, moveType: 'incoming', source: { type: 'test', id: n },
        lines: [{ productId: id, quantity: onHand, unitCost: cost, fromLocationId: loc!.vendors, toLocationId: loc!.stock }] }));
      return id;
    };
    const counts = async () => (await q<Record<string, number>>(sql`SELECT (SELECT count(*)::int FROM invoices) AS invoices, (SELECT count(*)::int FROM deliveries) AS deliveries,
      (SELECT count(*)::int FROM journal_entries) AS entries, (SELECT count(*)::int FROM stock_moves) AS moves,
      (SELECT coalesce(sum(next_value), 0)::int FROM doc_sequences) AS numbers, (SELECT count(*)::int FROM sales_orders WHERE status = 'confirmed') AS confirmed`))[0]!;
    const order = async (body: Record<string, unknown>, c: Client = t.admin) => {
      const r = await c.post('/api/sales/orders', { customerId: customer, orderDate: '2026-03-10', paymentMethod: 'credit', ...body });
      expect(r.statusCode, r.body).toBe(201);
      return r.json();
    };
    const confirmedNumber = async (productId: number, orderDate: string) => {
      const o = await order({ orderDate, items: [{ productId, quantity: '1' }] });
      const r = await t.admin.post(`/api/sales/orders/${o.id}/confirm`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().number as string;
    };
    return { ctx, stock: loc!.stock, customer, categoryId, unit: u!.unit, dozen: u!.dozen, product, q, counts, order, confirmedNumber };
  });
}
