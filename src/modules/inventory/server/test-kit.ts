import { sql } from 'drizzle-orm';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { withTx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { AppError } from '../../../core/http/errors';
import type { Locale } from '../../../core/i18n/locale';
import { postStock } from './stock.post';
import type { StockLineInput, StockPostInput, StockPostResult } from './stock.types';

/**
 * Helpers for the inventory tests: the default locations, units and accounts of the company, products made
 * through the API, postStock in its own transaction, on hand and account balances read back from the database.
 */
export interface StockKit {
  ctx: Ctx;
  loc: { warehouse: number; stock: number; scrap: number; vendors: number; customers: number; adjustment: number };
  uom: (name: string) => number;
  acc: (code: string) => number;
  /** A storable product (cost and accounts optional), in a fresh category unless categoryId is given. */
  product: (o?: { name?: string; nameAr?: string; cost?: string; uomId?: number; categoryId?: number; [k: string]: unknown }) => Promise<number>;
  /** A second internal location in the main warehouse. */
  location: (name: string, o?: { kind?: string; isScrap?: boolean }) => Promise<number>;
  settings: (patch: Record<string, string | boolean | number | null>) => Promise<void>;
  post: (input: Partial<StockPostInput> & { lines: StockLineInput[] }, locale?: Locale) => Promise<StockPostResult>;
  receive: (productId: number, quantity: string, unitCost?: string | null, o?: Partial<StockLineInput> & { date?: string }) => Promise<StockPostResult>;
  deliver: (productId: number, quantity: string, o?: Partial<StockLineInput> & { date?: string }) => Promise<StockPostResult>;
  onHand: (productId: number, locationId?: number, lotId?: number | null) => Promise<string>;
  /** Balance (debit - credit) of an account from the journal lines. */
  balance: (accountId: number) => Promise<string>;
  q: <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => Promise<T[]>;
}

let seq = 0;

export async function stockKit(t: TestApp, c: Client = t.admin): Promise<StockKit> {
  const q = async <T,>(query: ReturnType<typeof sql>) => (await t.db.orm.execute(query)).rows as T[];
  const me = (await c.get('/api/auth/me')).json() as { user: { id: number; username: string; fullName: string }; company: { id: number; timeZone: string } };
  const companyId = me.company.id;
  const ctxFor = (locale: Locale): Ctx => ({
    db: t.db, locale, companyId, timeZone: me.company.timeZone, permissions: new Set<string>(),
    user: { id: me.user.id, username: me.user.username, fullName: me.user.fullName, companyId, isSuperuser: true, isInstanceAdmin: true, preferredLanguage: null, avatar: null, mustChangePassword: false },
  });
  const ctx = ctxFor('en');
  const [s] = await q<{ wh: number; stock: number; scrap: number; vendors: number; customers: number; adjustment: number }>(sql`
    SELECT default_warehouse_id AS wh, default_location_id AS stock, scrap_location_id AS scrap, vendor_location_id AS vendors,
      customer_location_id AS customers, adjustment_location_id AS adjustment FROM inventory_settings WHERE company_id = ${companyId}`);
  const uoms = await q<{ id: number; name: string }>(sql`SELECT id, name FROM uoms WHERE company_id = ${companyId}`);
  const accs = await q<{ id: number; code: string }>(sql`SELECT id, code FROM accounts WHERE company_id = ${companyId}`);
  const uom = (name: string) => uoms.find((u) => u.name === name)!.id;
  const acc = (code: string) => accs.find((a) => a.code === code)!.id;
  const loc = { warehouse: s!.wh, stock: s!.stock, scrap: s!.scrap, vendors: s!.vendors, customers: s!.customers, adjustment: s!.adjustment };

  const post: StockKit['post'] = (input, locale = 'en') => withTx(t.db, (tx) => postStock(tx, ctxFor(locale), {
    ...input, date: input.date ?? '2026-03-10', reference: input.reference ?? 'TEST', moveType: input.moveType ?? 'internal',
    source: input.source ?? { type: 'test', id: 1 },
  }));

  return {
    ctx, loc, uom, acc, post, q,
    async product(o = {}) {
      const n = ++seq;
      let categoryId = o.categoryId;
      if (!categoryId) {
        const r = await c.post('/api/inventory/categories', { name: `Category ${n}` });
        if (r.statusCode !== 201) throw new Error(`category: ${r.statusCode} ${r.body}`);
        categoryId = r.json().id;
      }
      const { name, cost, uomId, ...rest } = o;
      const r = await c.post('/api/inventory/products', {
        name: name ?? `Product ${n}`, categoryId, productType: 'storable', uomId: uomId ?? uom('Unit'), cost: cost ?? '0', ...rest,
      });
      if (r.statusCode !== 201) throw new Error(`product: ${r.statusCode} ${r.body}`);
      return r.json().id as number;
    },
    async location(name, o = {}) {
      const r = await c.post('/api/inventory/locations', { name, warehouseId: loc.warehouse, kind: o.kind ?? 'internal', isScrap: o.isScrap ?? false });
      if (r.statusCode !== 201) throw new Error(`location: ${r.statusCode} ${r.body}`);
      return r.json().id as number;
    },
    async settings(patch) {
      const cols = Object.entries(patch).map(([k, v]) => sql`${sql.identifier(k.replace(/[A-Z]/g, (m) => '_' + m.toLowerCase()))} = ${v}`);
      await t.db.orm.execute(sql`UPDATE inventory_settings SET ${sql.join(cols, sql`, `)} WHERE company_id = ${companyId}`);
    },
    receive: (productId, quantity, unitCost = null, o = {}) => {
      const { date, ...line } = o;
      return post({ date, moveType: 'incoming', reference: 'REC', lines: [{ productId, quantity, unitCost, fromLocationId: loc.vendors, toLocationId: loc.stock, ...line }] });
    },
    deliver: (productId, quantity, o = {}) => {
      const { date, ...line } = o;
      return post({ date, moveType: 'outgoing', reference: 'DEL', lines: [{ productId, quantity, fromLocationId: loc.stock, toLocationId: loc.customers, ...line }] });
    },
    async onHand(productId, locationId = loc.stock, lotId) {
      const lotCond = lotId === undefined ? sql`` : sql` AND coalesce(lot_id, 0) = ${lotId ?? 0}`;
      const [r] = await q<{ s: string }>(sql`SELECT coalesce(sum(quantity), 0)::text AS s FROM stock_quants WHERE product_id = ${productId} AND location_id = ${locationId}${lotCond}`);
      return r!.s;
    },
    async balance(accountId) {
      const [r] = await q<{ b: string }>(sql`SELECT coalesce(sum(debit - credit), 0)::text AS b FROM journal_lines WHERE account_id = ${accountId}`);
      return r!.b;
    },
  };
}

/** The AppError a refused call throws (a test fails when the call succeeds or throws anything else). */
export async function refusal(p: Promise<unknown>): Promise<AppError> {
  try { await p; } catch (e) { if (e instanceof AppError) return e; throw e; }
  throw new Error('expected a refusal');
}
