import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { loadExceljs } from '../../../core/documents/exceljs';
import { withTx } from '../../../core/db/tx';
import { chartIds, postEntry } from './entries';
import { type PosKit, posApp } from './pos.test-kit';

/**
 * /pos/customers filtered by balance (customers.filter.ts, customers.ts): `filter[balance][gte]` / `[lte]`, either
 * or both, over every customer (a customer without lines is 0), against a brute force over random receivable
 * postings (debit - credit per customer, computed in JS with decimal.js): the ids and the count, with the default
 * sort, by name both ways, by balance both ways, a search and a filter, pages of every size joined back into the
 * whole; the export's rows. Refusals (not a number, 5 decimals, too large, from > to, a balance filter of another
 * form) in both languages, on the list and the export, with nothing read or changed.
 */
let t: TestApp;
let k: PosKit;
let ar: Client;
const want = new Map<number, Decimal>();

function rng(seed: number) { return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648); }

beforeAll(async () => {
  ({ t, k, ar } = await posApp());
  const rand = rng(2718);
  const c = await chartIds(t.db.orm, k.ctx.companyId, { accounts: ['1103', '1101', '4101', '2103'], journals: ['GEN'] });
  const entries: { contactId: number; debit: string; credit: string }[] = [];
  for (let i = 0; i < 23; i++) {
    const r = await t.admin.post('/api/contacts/contacts', {
      kind: i % 3 ? 'individual' : 'company', name: `Owing ${String.fromCharCode(90 - i)}${i}`, area: i % 2 ? 'East' : 'West', isCustomer: true,
    });
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().id as number;
    want.set(id, new Decimal(0));
    // 4 of 23 without lines (0), two with equal balances (125.5), advances (negative), a balance with 4 decimals
    if (i % 6 === 4) continue;
    const lines = 1 + Math.floor(rand() * 3);
    for (let j = 0; j < lines; j++) {
      const amount = i === 5 || i === 6 ? '125.5' : i === 7 ? '0.0001' : (Math.floor(rand() * 200000) / 100 + 1).toFixed(2);
      const isCredit = i % 7 === 3 || (j > 0 && rand() < 0.4);
      entries.push({ contactId: id, debit: isCredit ? '0' : amount, credit: isCredit ? amount : '0' });
      want.set(id, want.get(id)!.plus(isCredit ? new Decimal(amount).neg() : amount));
      if (i >= 5 && i <= 7) break;
    }
  }
  await withTx(t.db, async (tx) => {
    for (const e of entries) {
      const money = new Decimal(e.debit).minus(e.credit);
      await postEntry(tx, k.ctx, { journalId: c.journals.GEN!, date: '2026-03-01', reference: 'filter test', lines: [
        { accountId: c.accounts['1103']!, contactId: e.contactId, debit: e.debit, credit: e.credit },
        money.gt(0) ? { accountId: c.accounts['4101']!, credit: money.toFixed(4) } : { accountId: c.accounts['1101']!, debit: money.neg().toFixed(4) },
      ] });
    }
    // a line on another account for a customer does not count (receivable accounts only)
    await postEntry(tx, k.ctx, { journalId: c.journals.GEN!, date: '2026-03-02', lines: [
      { accountId: c.accounts['2103']!, contactId: [...want.keys()][0], debit: '0', credit: '500' }, { accountId: c.accounts['1101']!, debit: '500' }] });
  });
}, 120_000);
afterAll(async () => { await t?.close(); });

type Item = { id: number; balance: string; name: string };
type Customer = { id: number; name: string; area: string | null; kind: string; balance: Decimal };
const get = async (q: string, c: Client = t.admin) => {
  const r = await c.get(`/api/pos/customers?${q}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { items: Item[]; total: number; totalCapped: boolean; page: number };
};
/** Every customer of the company (ours and the kit's), each with its brute-force balance. */
const everyone = async (): Promise<Customer[]> =>
  (await k.q<{ id: number; name: string; area: string | null; kind: string }>(sql`SELECT id, name, area, kind FROM contacts WHERE company_id = ${k.ctx.companyId} AND is_customer`))
    .map((x) => ({ ...x, balance: want.get(x.id) ?? new Decimal(0) }));
const inRange = (x: Customer, gte?: string, lte?: string) => (gte === undefined || x.balance.gte(gte)) && (lte === undefined || x.balance.lte(lte));
/**
 * Names in the database's collation: each customer's place in the unfiltered list sorted by name (the generic
 * contacts list), so a name order is the one PostgreSQL or PGlite gives, equal names by id.
 */
let rank = new Map<number, number>();
async function rankNames() {
  const r = await get('sort=name&pageSize=200');
  expect(r.total).toBeLessThan(200);
  rank = new Map(r.items.map((x, i) => [x.id, i]));
}
const sameName = (a: Customer, b: Customer) => a.name === b.name;
const nameCmp = (a: Customer, b: Customer) => (sameName(a, b) ? 0 : rank.get(a.id)! - rank.get(b.id)!);
const byName = (a: Customer, b: Customer) => nameCmp(a, b) || a.id - b.id;
const byBalance = (a: Customer, b: Customer) => a.balance.cmp(b.balance) || a.id - b.id;
const ORDERS: [string, (a: Customer, b: Customer) => number][] = [
  ['name', byName], ['-name', (a, b) => -nameCmp(a, b) || a.id - b.id], ['balance', byBalance], ['-balance', (a, b) => -a.balance.cmp(b.balance) || a.id - b.id],
];
const rangeQuery = (gte?: string, lte?: string) =>
  [gte !== undefined && `filter[balance][gte]=${encodeURIComponent(gte)}`, lte !== undefined && `filter[balance][lte]=${encodeURIComponent(lte)}`].filter(Boolean).join('&');

describe('customers filtered by balance', () => {
  it('keeps exactly the customers in range (bounds included, no lines = 0), counted, whatever the sort and the page size', async () => {
    const all = await everyone();
    await rankNames();
    const balances = [...new Set(all.map((x) => x.balance.toFixed(4)))].sort((a, b) => new Decimal(a).cmp(b));
    expect(balances.some((b) => b.startsWith('-'))).toBe(true);
    expect(all.filter((x) => x.balance.isZero()).length).toBeGreaterThan(3);
    const mid = balances[Math.floor(balances.length / 2)]!;
    const ranges: [string | undefined, string | undefined][] = [
      ['0.0001', undefined], [mid, undefined], [undefined, mid], [undefined, '0'], ['0', '0'], ['125.5', '125.50'], ['-1000000', balances[2]],
      [balances[1], balances.at(-2)], [new Decimal(mid).plus('0.0001').toFixed(4), undefined], ['1000000000', undefined], [balances[3], balances[3]],
    ];
    let checked = 0;
    for (const [gte, lte] of ranges) {
      const kept = all.filter((x) => inRange(x, gte, lte));
      for (const [sort, cmp] of ORDERS) {
        const expected = [...kept].sort(cmp).map((x) => [x.id, x.balance.toFixed(4)]);
        for (const size of [1, 4, 200]) {
          if (size === 1 && expected.length > 12) continue;
          const got: (number | string)[][] = [];
          for (let p = 1; ; p++) {
            const r = await get(`${rangeQuery(gte, lte)}&sort=${sort}&pageSize=${size}&page=${p}`);
            expect([r.total, r.totalCapped, r.page], `${gte}..${lte} ${sort} ${size} p${p}`).toEqual([kept.length, false, p]);
            got.push(...r.items.map((x) => [x.id, x.balance]));
            if (r.items.length < size) break;
          }
          expect(got, `${gte}..${lte} ${sort} ${size}`).toEqual(expected);
          checked++;
        }
      }
      // the default sort (the contacts' own) keeps the same rows
      const plain = await get(`${rangeQuery(gte, lte)}&pageSize=200`);
      expect(plain.items.map((x) => x.id).sort((a, b) => a - b)).toEqual(kept.map((x) => x.id).sort((a, b) => a - b));
    }
    expect(checked).toBeGreaterThan(60);
    // the figure a bound is compared with is the exact balance: 125.5 twice, 0.0001 once, nothing at 1e9
    expect((await get(rangeQuery('125.5', '125.5'))).total).toBe(2);
    expect((await get(rangeQuery('0.0001', '0.0001'))).items.map((x) => x.balance)).toEqual(['0.0001']);
    expect((await get(rangeQuery('1000000000'))).total).toBe(0);
  });

  it('with a search and a filter, a page past the end, and a filter that cannot widen the list to vendors', async () => {
    await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Owing vendor', isVendor: true });
    const all = await everyone();
    await rankNames();
    const east = all.filter((x) => x.area === 'East' && inRange(x, '0.0001')).sort(byBalance);
    expect(east.length).toBeGreaterThan(2);
    expect((await get(`${rangeQuery('0.0001')}&search=east&sort=balance&pageSize=200`)).items.map((x) => x.id)).toEqual(east.map((x) => x.id));
    const companies = all.filter((x) => x.kind === 'company' && inRange(x, undefined, '0')).sort(byName);
    const f = await get(`${rangeQuery(undefined, '0')}&filter[kind]=company&sort=name&pageSize=200`);
    expect([f.items.map((x) => x.id), f.total]).toEqual([companies.map((x) => x.id), companies.length]);
    const owing = all.filter((x) => inRange(x, '0.0001')).length;
    expect(await get(`${rangeQuery('0.0001')}&pageSize=10&page=99`)).toMatchObject({ items: [], total: owing });
    expect(await get(`${rangeQuery('0.0001')}&sort=-balance&pageSize=10&page=99`)).toMatchObject({ items: [], total: owing });
    expect((await get(`${rangeQuery('-1000000000')}&filter[isCustomer]=false&pageSize=200`)).total).toBe(all.length);
  });

  it('exports the customers in range, in the list\'s order, with their balances', async () => {
    const Excel = await loadExceljs();
    const all = await everyone();
    await rankNames();
    for (const [q, keep, cmp] of [
      [`${rangeQuery('0.0001')}&sort=-balance`, (x: Customer) => inRange(x, '0.0001'), ORDERS[3]![1]],
      [`${rangeQuery('-500', '125.5')}&sort=name`, (x: Customer) => inRange(x, '-500', '125.5'), byName],
      [`${rangeQuery(undefined, '0')}&sort=-name`, (x: Customer) => inRange(x, undefined, '0'), ORDERS[1]![1]],
    ] as const) {
      const r = await t.admin.get(`/api/pos/customers/export.xlsx?${q}`);
      expect(r.statusCode, q).toBe(200);
      const wb = new Excel.Workbook();
      await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      const head = (ws.getRow(1).values as unknown[]).map(String);
      const [name, balance] = [head.indexOf('Name'), head.indexOf('Balance')];
      const rows: [string, number][] = [];
      ws.eachRow((row, n) => { if (n > 1) rows.push([String(row.getCell(name).value), Number(row.getCell(balance).value)]); });
      const expected = all.filter(keep).sort(cmp).map((x) => [x.name, x.balance.toNumber()]);
      expect(expected.length, q).toBeGreaterThan(2);
      expect(rows, q).toEqual(expected);
    }
  });

  it('refuses a bound that is not a decimal, has 5 decimals, is too large, or from > to, in both languages, changing nothing', async () => {
    const before = await k.q<{ c: number; l: number }>(sql`SELECT (SELECT count(*)::int FROM contacts) AS c, (SELECT count(*)::int FROM journal_lines) AS l`);
    const cases: [string, string, string][] = [
      ['filter[balance][gte]=abc', 'Balance from must be a number', 'يجب أن يكون الرصيد من رقمًا'],
      ['filter[balance][lte]=1e5', 'Balance to must be a number', 'يجب أن يكون الرصيد إلى رقمًا'],
      ['filter[balance][gte]=%D9%A1%D9%A0%D9%A0', 'Balance from must be a number', 'يجب أن يكون الرصيد من رقمًا'],
      ['filter[balance][gte]=12.', 'Balance from must be a number', 'يجب أن يكون الرصيد من رقمًا'],
      ['filter[balance][gte]=0.00001', 'Balance from allows at most 4 decimal places', 'الرصيد من: الحد الأقصى للمنازل العشرية 4'],
      ['filter[balance][lte]=1000000000000000', 'Balance to is too large (at most 999999999999999.9999)', 'قيمة الرصيد إلى كبيرة جدًا (الحد الأقصى 999999999999999.9999)'],
      ['filter[balance][gte]=-' + '9'.repeat(80), 'Balance from is too large (at most 999999999999999.9999)', 'قيمة الرصيد من كبيرة جدًا (الحد الأقصى 999999999999999.9999)'],
      ['filter[balance][gte]=100&filter[balance][lte]=99.9999', 'Balance from cannot be more than Balance to', 'لا يمكن أن يكون الرصيد من أكبر من الرصيد إلى'],
      ['filter[balance][gte]=-5&filter[balance][lte]=-5.0001', 'Balance from cannot be more than Balance to', 'لا يمكن أن يكون الرصيد من أكبر من الرصيد إلى'],
      ['filter[balance]=5', 'Cannot filter by balance', 'لا يمكن التصفية حسب balance'],
      ['filter[balance][eq]=5', 'Cannot filter by balance', 'لا يمكن التصفية حسب balance'],
    ];
    for (const [q, en, arMessage] of cases) {
      for (const url of [`/api/pos/customers?${q}&sort=balance`, `/api/pos/customers?${q}`, `/api/pos/customers/export.xlsx?${q}`]) {
        const e = await t.admin.get(url);
        expect(e.statusCode, url).toBe(400);
        expect(e.json().error.message, url).toBe(en);
        const a = await ar.get(url);
        expect(a.statusCode, url).toBe(400);
        expect(a.json().error.message, url).toBe(arMessage);
        if (!q.startsWith('filter[balance]=') && !q.includes('[eq]')) expect(a.json().error.fields, url).toEqual({ balance: arMessage });
      }
    }
    expect(await k.q(sql`SELECT (SELECT count(*)::int FROM contacts) AS c, (SELECT count(*)::int FROM journal_lines) AS l`)).toEqual(before);
    // at the edges: 4 decimals, the largest bound, an empty bound (no filter), from = to
    expect((await get('filter[balance][gte]=-999999999999999.9999&filter[balance][lte]=999999999999999.9999')).total).toBe((await everyone()).length);
    expect((await get('filter[balance][gte]=&filter[balance][lte]=')).total).toBe((await everyone()).length);
  });
});
