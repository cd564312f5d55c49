import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ctxOf } from '../../../../tests/support/ctx';
import { type Client, type TestApp, testAppWith } from '../../../../tests/support/test-app';
import { withTx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { postStock } from '../../inventory';

/**
 * What the POS tests share: an app, the company's stock location, products with stock, a branch whose user is the
 * admin, a named customer, users with the till's rights (at the branch or not), and raw counts of what a sale writes.
 */
export interface PosKit {
  ctx: Ctx; stock: number; branch: number; customer: number;
  product: (name: string, salePrice: string, onHand: string, cost?: string) => Promise<number>;
  receive: (productId: number, quantity: string, cost?: string) => Promise<void>;
  q: <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => Promise<T[]>;
  counts: () => Promise<Record<string, number>>;
  cashier: (username: string, atBranch: boolean, locale?: 'en' | 'ar') => Promise<{ client: Client; userId: number }>;
  session: (c?: Client, openingCash?: string, branch?: number) => Promise<Record<string, any>>;
}

export const TILL_RIGHTS = ['pos.posSession.view', 'pos.posSession.add', 'pos.posSession.sell', 'pos.posSession.close', 'pos.posBranch.view'];

export async function posApp(): Promise<{ t: TestApp; k: PosKit; ar: Client }> {
  return testAppWith(async (t) => {
    const ctx = await ctxOf(t);
    const q = async <T,>(query: ReturnType<typeof sql>) => (await t.db.orm.execute(query)).rows as T[];
    const [loc] = await q<{ stock: number; vendors: number }>(sql`SELECT default_location_id AS stock, vendor_location_id AS vendors FROM inventory_settings WHERE company_id = ${ctx.companyId}`);
    const [u] = await q<{ unit: number }>(sql`SELECT id AS unit FROM uoms WHERE company_id = ${ctx.companyId} AND name = 'Unit'`);
    const categoryId = (await t.admin.post('/api/inventory/categories', { name: 'Groceries' })).json().id as number;
    const customer = (await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'Salma Al-Qahtani', isCustomer: true })).json().id as number;
    const [admin] = await q<{ id: number }>(sql`SELECT id FROM users WHERE username = 'admin'`);
    // no default sales tax, so each test's amounts read plainly: a line's tax is the sales order's business, tested
    // there (sales/server/order.tax.api.test.ts), and a till sale goes through the same order
    await q(sql`UPDATE accounting_settings SET default_tax_rate = 0 WHERE company_id = ${ctx.companyId}`);
    const br = await t.admin.post('/api/pos/branches', { name: 'Olaya store', nameAr: 'فرع العليا', locationId: loc!.stock, users: [admin!.id] });
    expect(br.statusCode, br.body).toBe(201);
    let n = 0;
    /** Goods received into the branch's stock location (`m`: the receipt's number, a new one unless given). */
    const receive = async (productId: number, quantity: string, cost = '4', m = ++n) => {
      await withTx(t.db, (tx) => postStock(tx, ctx, { date: '2026-01-02', reference: `IN-${m}`, moveType: 'incoming', source: { type: 'test', id: m },
        lines: [{ productId, quantity, unitCost: cost, fromLocationId: loc!.vendors, toLocationId: loc!.stock }] }));
    };
    const product = async (name: string, salePrice: string, onHand: string, cost = '4') => {
      const r = await t.admin.post('/api/inventory/products', { name, categoryId, productType: 'storable', uomId: u!.unit, cost, salePrice, barcode: `200000${String(++n).padStart(6, '0')}` });
      expect(r.statusCode, r.body).toBe(201);
      const id = r.json().id as number;
      // numbered as the product (the till sale's pinned rows, sale.rows.db.test.ts, hash this receipt)
      if (onHand !== '0') await receive(id, onHand, cost, n);
      return id;
    };
    const counts = async () => (await q<Record<string, number>>(sql`SELECT (SELECT count(*)::int FROM sales_orders) AS orders, (SELECT count(*)::int FROM invoices) AS invoices,
      (SELECT count(*)::int FROM deliveries) AS deliveries, (SELECT count(*)::int FROM journal_entries) AS entries, (SELECT count(*)::int FROM stock_moves) AS moves,
      (SELECT count(*)::int FROM invoice_payments) AS payments, (SELECT count(*)::int FROM pos_payments) AS pos_payments, (SELECT count(*)::int FROM sales_order_lines) AS lines`))[0]!;
    const cashier = async (username: string, atBranch: boolean, locale: 'en' | 'ar' = 'en') => {
      const g = await t.admin.post('/api/admin/groups', { name: `g-${username}`, permissions: TILL_RIGHTS });
      const r = await t.admin.post('/api/admin/users', { username, fullName: username, password: 'secret-pass-1', groups: [g.json().id] });
      expect(r.statusCode, r.body).toBe(201);
      const userId = r.json().id as number;
      if (atBranch) {
        const b = (await t.admin.get(`/api/pos/branches/${br.json().id}`)).json();
        const p = await t.admin.patch(`/api/pos/branches/${b.id}`, { users: [...(b.users as number[]), userId], version: b.version });
        expect(p.statusCode, p.body).toBe(200);
      }
      return { client: await t.login(username, 'secret-pass-1', locale), userId };
    };
    const session = async (c: Client = t.admin, openingCash = '100', branch = br.json().id as number) => {
      const r = await c.post('/api/pos/sessions', { branchId: branch, openingCash });
      expect(r.statusCode, r.body).toBe(201);
      return r.json();
    };
    return { ctx, stock: loc!.stock, branch: br.json().id as number, customer, product, receive, q, counts, cashier, session };
  });
}
