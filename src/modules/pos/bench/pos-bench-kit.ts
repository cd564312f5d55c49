import { sql } from 'drizzle-orm';
import type { Database } from '../../../core/db/connect';
import { withTx } from '../../../core/db/tx';
import { companyToday } from '../../../core/time/company-time';
import { ctxOf } from '../../../../tests/support/ctx';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { postStock } from '../../inventory';

/**
 * What the point-of-sale benchmarks share, made through the API as a shop would set it up: 50 products (BENCH_POS_PRODUCTS) with
 * 1,000,000 units each in the default stock location (one receipt), a branch selling from it, 8 cashiers with the
 * till's rights at the branch, each signed in with an active session (opening cash 500), and the admin's own
 * session (the raw-SQL ceiling's sales go there).
 */
export interface BenchProduct { id: number; price: string; cost: string; name: string }
export interface Till { userId: number; cookie: string; sessionId: number; client: Client }
export interface PosBench {
  app: TestApp; db: Database; c: number; u: number; date: string; database: string | undefined;
  products: BenchProduct[]; tills: Till[]; branchId: number; rawSessionId: number;
  three(): BenchProduct[];
  listen(): Promise<number>;
}

const PRODUCTS = Number(process.env.BENCH_POS_PRODUCTS ?? 50);
const TILL_RIGHTS = ['pos.posSession.view', 'pos.posSession.add', 'pos.posSession.sell', 'pos.posSession.close', 'pos.posBranch.view'];

export async function posBench(t: TestApp, tills = 8): Promise<PosBench> {
  const ctx = await ctxOf(t);
  const c = ctx.companyId;
  const ok = async (r: Promise<{ statusCode: number; body: string; json: () => any }>) => {
    const a = await r;
    if (a.statusCode >= 300) throw new Error(`${a.statusCode} ${a.body}`);
    return a.json();
  };
  const q = async <T,>(s: ReturnType<typeof sql>) => (await t.db.orm.execute(s)).rows as T[];
  const [loc] = await q<{ stock: number; vendors: number; unit: number }>(sql`SELECT default_location_id AS stock, vendor_location_id AS vendors,
    (SELECT id FROM uoms WHERE company_id = ${c} AND name = 'Unit') AS unit FROM inventory_settings WHERE company_id = ${c}`);
  const cat = (await ok(t.admin.post('/api/inventory/categories', { name: 'Till bench' }))).id as number;
  const products: BenchProduct[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const p = { name: `Till item ${i}`, price: (5 + (i % 13) * 1.25).toFixed(4), cost: (2 + (i % 11) * 0.5).toFixed(4) };
    const r = await ok(t.admin.post('/api/inventory/products', { name: p.name, categoryId: cat, productType: 'storable', uomId: loc!.unit, cost: p.cost, salePrice: p.price, barcode: `29${String(i).padStart(10, '0')}` }));
    products.push({ ...p, id: r.id });
  }
  await withTx(t.db, (tx) => postStock(tx, ctx, { date: '2026-01-01', reference: 'TILL-BENCH-IN', moveType: 'incoming', source: { type: 'bench', id: 1 },
    lines: products.map((p) => ({ productId: p.id, quantity: '1000000', unitCost: p.cost, fromLocationId: loc!.vendors, toLocationId: loc!.stock })) }));
  const group = (await ok(t.admin.post('/api/admin/groups', { name: 'Till bench cashiers', permissions: TILL_RIGHTS }))).id as number;
  const users: number[] = [];
  for (let i = 0; i < tills; i++) users.push((await ok(t.admin.post('/api/admin/users', { username: `till${i}`, fullName: `Cashier ${i}`, password: 'till-bench-pass-1', groups: [group] }))).id);
  const branchId = (await ok(t.admin.post('/api/pos/branches', { name: 'Bench store', nameAr: 'متجر الاختبار', locationId: loc!.stock, users: [ctx.user.id, ...users] }))).id as number;
  const out: Till[] = [];
  for (const [i, userId] of users.entries()) {
    const client = await t.login(`till${i}`, 'till-bench-pass-1');
    const s = await ok(client.post('/api/pos/sessions', { branchId, openingCash: '500' }));
    out.push({ userId, cookie: client.cookie, sessionId: s.id, client });
  }
  const raw = await ok(t.admin.post('/api/pos/sessions', { branchId, openingCash: '0' }));
  let port = 0;
  return {
    app: t, db: t.db, c, u: ctx.user.id, date: companyToday(ctx), database: (t.db as { url?: string }).url?.split('/').pop(),
    products, tills: out, branchId, rawSessionId: raw.id,
    three() { const s = new Set<number>(); while (s.size < 3) s.add(Math.floor(Math.random() * products.length)); return [...s].map((i) => products[i]!); },
    async listen() {
      if (!port) {
        if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
        port = (t.app.server.address() as { port: number }).port;
      }
      return port;
    },
  };
}
