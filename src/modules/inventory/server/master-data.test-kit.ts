import { sql } from 'drizzle-orm';
import { type Client, type TestApp, testAppWith } from '../../../../tests/support/test-app';

/**
 * Helpers of the master data tests: the app of a test file (with an Arabic client), ids of what every company gets
 * (units, accounts, locations), quick creation of categories and products through the API, a second company and one
 * of its locations, a user with chosen permissions, and raw counts.
 * `stockRows` writes ledger rows straight into the stock tables, only to give statistics and "in use" rules
 * something to see; the stock ledger's own tests cover how real postings write them.
 */
type Body = Record<string, any>;

export interface MdKit {
  c: Client;
  uom: (name: string) => number;
  acc: (code: string) => number;
  loc: (name: string) => number;
  wh: (name: string) => number;
  companyId: number;
  category: (name: string, extra?: Body) => Promise<number>;
  product: (extra?: Body) => Promise<{ statusCode: number; body: Body }>;
  q: <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => Promise<T[]>;
  count: (table: string) => Promise<number>;
}

let seq = 0;

export async function mdKit(t: TestApp, c: Client = t.admin): Promise<MdKit> {
  const items = async (url: string) => (await c.get(`${url}?pageSize=200`)).json().items as Body[];
  const [uoms, accs, locs, whs] = await Promise.all([
    items('/api/inventory/uoms'), items('/api/accounting/accounts'), items('/api/inventory/locations'), items('/api/inventory/warehouses'),
  ]);
  const me = (await c.get('/api/auth/me')).json();
  const find = (rows: Body[], key: string, what: string) => {
    const r = rows.find((x) => x[key] === what);
    if (!r) throw new Error(`no ${key} ${what}`);
    return r.id as number;
  };
  const q = async <T,>(query: ReturnType<typeof sql>) => (await t.db.orm.execute(query)).rows as T[];
  const kit: MdKit = {
    c,
    companyId: me.company.id,
    uom: (name) => find(uoms, 'name', name),
    acc: (code) => find(accs, 'code', code),
    loc: (name) => find(locs, 'name', name),
    wh: (name) => find(whs, 'name', name),
    async category(name, extra = {}) {
      const r = await c.post('/api/inventory/categories', { name, ...extra });
      if (r.statusCode !== 201) throw new Error(`category ${r.statusCode} ${r.body}`);
      return r.json().id;
    },
    async product(extra = {}) {
      const categoryId = extra.categoryId ?? (await kit.category(`Cat ${++seq}`));
      const r = await c.post('/api/inventory/products', { name: `Product ${++seq}`, productType: 'storable', uomId: kit.uom('Unit'), categoryId, ...extra });
      return { statusCode: r.statusCode, body: r.json() };
    },
    q,
    count: async (table) => Number((await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n),
  };
  return kit;
}

/** A fresh app, the master data kit of its admin, and the admin signed in again in Arabic. */
export const mdApp = () => testAppWith(mdKit);

/** Signs up another company and returns its administrator's client. */
export async function otherCompany(t: TestApp, username = 'other'): Promise<Client> {
  const r = await t.anon().post('/api/auth/signup', {
    companyNameEn: `Other ${username}`, companyNameAr: 'شركة أخرى', currency: 'SAR', username, fullName: 'Other', password: 'other-pass-1',
  });
  if (r.statusCode !== 201) throw new Error(`signup ${r.statusCode} ${r.body}`);
  return t.login(username, 'other-pass-1');
}

/** The id of the first location of `other`'s company found by `search` ('Stock', 'Scrap'): one the caller's company may not use. */
export async function locationOf(other: Client, search: string): Promise<number> {
  return (await other.get(`/api/inventory/locations?search=${search}`)).json().items[0].id as number;
}

/** A user whose only rights are `permissions` (through a group of its own). */
export async function userWith(t: TestApp, username: string, permissions: string[], locale: 'en' | 'ar' = 'en'): Promise<Client> {
  const g = await t.admin.post('/api/admin/groups', { name: `g-${username}`, permissions });
  const u = await t.admin.post('/api/admin/users', { username, fullName: username, password: 'secret-pass-1', groups: [g.json().id] });
  if (u.statusCode !== 201) throw new Error(`user ${u.statusCode} ${u.body}`);
  return t.login(username, 'secret-pass-1', locale);
}

/** A move of `qty` from one location to another, with an optional valuation layer and quant changes. */
export async function stockRows(t: TestApp, k: MdKit, o: {
  productId: number; from: number; to: number; qty: string; date: string; uomId?: number; value?: string; layerAccount?: number;
}): Promise<void> {
  const m = (await k.q<{ id: number }>(sql`
    INSERT INTO stock_moves (company_id, date, reference, move_type, product_id, from_location_id, to_location_id, quantity, uom_id, value)
    VALUES (${k.companyId}, ${o.date}, 'TEST', 'internal', ${o.productId}, ${o.from}, ${o.to}, ${o.qty}, ${o.uomId ?? null}, ${o.value ?? '0'})
    RETURNING id`))[0]!;
  for (const [loc, sign] of [[o.from, '-1'], [o.to, '1']] as const) {
    const upd = await k.q(sql`UPDATE stock_quants SET quantity = quantity + ${o.qty}::numeric * ${sign}::numeric
      WHERE company_id = ${k.companyId} AND product_id = ${o.productId} AND location_id = ${loc} RETURNING id`);
    if (!upd.length) await k.q(sql`INSERT INTO stock_quants (company_id, product_id, location_id, quantity)
      VALUES (${k.companyId}, ${o.productId}, ${loc}, ${o.qty}::numeric * ${sign}::numeric)`);
  }
  if (o.value !== undefined) await k.q(sql`
    INSERT INTO stock_valuation_layers (company_id, date, product_id, move_id, quantity, unit_cost, value, remaining_qty, remaining_value, account_id)
    VALUES (${k.companyId}, ${o.date}, ${o.productId}, ${m.id}, ${o.qty}, 0, ${o.value}, 0, 0, ${o.layerAccount ?? k.acc('1104')})`);
}
