import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/support/test-app';
import { withTx } from '../../../core/db/tx';
import { chartIds, postEntry } from './entries';
import { type PosKit, posApp } from './pos.test-kit';

/**
 * /pos/customers sorted by balance (customers.ts balanceSortedList): over every customer, not the page, ascending and
 * descending, ties by id, pages of every size joined back into the whole order; a search or filter keeps its rows;
 * the export in the same order. Against a brute force over the same random postings (debit - credit of each
 * customer's receivable lines, computed in JS), plus customers without any line (0) and an advance (negative).
 */
let t: TestApp;
let k: PosKit;
const ids: number[] = [];
const want = new Map<number, Decimal>();

function rng(seed: number) { return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648); }

beforeAll(async () => {
  ({ t, k } = await posApp());
  const rand = rng(1313);
  const c = await chartIds(t.db.orm, k.ctx.companyId, { accounts: ['1103', '1101', '4101', '2103'], journals: ['GEN'] });
  const entries: { contactId: number; debit: string; credit: string }[] = [];
  for (let i = 0; i < 17; i++) {
    const r = await t.admin.post('/api/contacts/contacts', { kind: i % 4 ? 'individual' : 'company', name: `Sorted ${String(i).padStart(2, '0')}`, area: i % 3 ? 'North' : 'South', isCustomer: true });
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().id as number;
    ids.push(id);
    want.set(id, new Decimal(0));
    // 3 of 17 without any line (0), two pairs with equal balances (ties by id), one advance (negative)
    if (i % 6 === 5) continue;
    const lines = 1 + Math.floor(rand() * 3);
    for (let j = 0; j < lines; j++) {
      const amount = i === 7 || i === 8 ? '40.5' : (Math.floor(rand() * 90000) / 100 + 1).toFixed(2);
      const isCredit = i === 11 || (j > 0 && rand() < 0.4);
      entries.push({ contactId: id, debit: isCredit ? '0' : amount, credit: isCredit ? amount : '0' });
      want.set(id, want.get(id)!.plus(isCredit ? new Decimal(amount).neg() : amount));
      if (i === 7 || i === 8) break;
    }
  }
  await withTx(t.db, async (tx) => {
    for (const e of entries) {
      const money = new Decimal(e.debit).minus(e.credit);
      await postEntry(tx, k.ctx, { journalId: c.journals.GEN!, date: '2026-02-01', reference: 'sort test', lines: [
        { accountId: c.accounts['1103']!, contactId: e.contactId, debit: e.debit, credit: e.credit },
        money.gt(0) ? { accountId: c.accounts['4101']!, credit: money.toFixed(2) } : { accountId: c.accounts['1101']!, debit: money.neg().toFixed(2) },
      ] });
    }
  });
  // a posting on another account for the same customer does not count (receivable accounts only)
  const pay = await withTx(t.db, (tx) => postEntry(tx, k.ctx, { journalId: c.journals.GEN!, date: '2026-02-02', lines: [
    { accountId: c.accounts['2103']!, contactId: ids[0], debit: '0', credit: '99' }, { accountId: c.accounts['1101']!, debit: '99' }] }));
  expect(pay.number).toBeTruthy();
}, 120_000);
afterAll(async () => { await t?.close(); });

type Item = { id: number; balance: string; name: string; area: string | null };
const page = async (q: string) => {
  const r = await t.admin.get(`/api/pos/customers?${q}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { items: Item[]; total: number; totalCapped: boolean; page: number };
};
/** Every customer (ours and the kit's), each with its brute-force balance, in the order asked. */
async function expected(dir: 1 | -1, keep: (x: { id: number; area: string | null; kind: string }) => boolean = () => true) {
  const all = await k.q<{ id: number; area: string | null; kind: string }>(sql`SELECT id, area, kind FROM contacts WHERE company_id = ${k.ctx.companyId} AND is_customer`);
  return all.filter((x) => keep(x)).map((x) => ({ id: x.id, balance: want.get(x.id) ?? new Decimal(0) }))
    .sort((a, b) => dir * a.balance.cmp(b.balance) || a.id - b.id).map((x) => ({ id: x.id, balance: x.balance.toFixed(4) }));
}

describe('customers sorted by balance', () => {
  for (const [sort, dir] of [['balance', 1], ['-balance', -1]] as const) {
    it(`sort=${sort}: every customer in balance order (ties by id), whatever the page size`, async () => {
      const all = await expected(dir);
      expect(all.some((x) => x.balance.startsWith('-'))).toBe(true);
      for (const size of [1, 4, 7, 200]) {
        const got: { id: number; balance: string }[] = [];
        for (let p = 1; ; p++) {
          const r = await page(`sort=${sort}&pageSize=${size}&page=${p}`);
          expect([r.total, r.totalCapped, r.page]).toEqual([all.length, false, p]);
          got.push(...r.items.map((x) => ({ id: x.id, balance: x.balance })));
          if (r.items.length < size) break;
        }
        expect(got).toEqual(all);
      }
      // the rows are the generic list's rows (fields and the rest), with their balance
      const first = (await page(`sort=${sort}&pageSize=1`)).items[0]!;
      expect(first).toMatchObject({ id: all[0]!.id, isCustomer: true, balance: all[0]!.balance });
      expect(typeof first.name).toBe('string');
    });
  }

  it('keeps a search and a filter, counts past the end, and exports in the same order', async () => {
    const south = await expected(-1, (x) => x.area === 'South');
    const r = await page('sort=-balance&search=south&pageSize=200');
    expect(r.items.map((x) => [x.id, x.balance])).toEqual(south.map((x) => [x.id, x.balance]));
    const f = await page('sort=balance&filter[kind]=company&pageSize=2&page=2');
    const companies = await expected(1, (x) => x.kind === 'company');
    expect(companies.length).toBeGreaterThan(3);
    expect(f.items.map((x) => x.id)).toEqual(companies.slice(2, 4).map((x) => x.id));
    // a filter cannot widen it to the vendors, and a page past the end answers the count
    expect((await page('sort=balance&filter[isCustomer]=false&pageSize=200')).total).toBe((await expected(1)).length);
    expect(await page('sort=balance&pageSize=10&page=99')).toMatchObject({ items: [], total: (await expected(1)).length });
    const x = await t.admin.get('/api/pos/customers/export.xlsx?sort=-balance');
    expect(x.statusCode).toBe(200);
    const { default: Excel } = await import('exceljs');
    const wb = new Excel.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const head = (ws.getRow(1).values as unknown[]).map(String);
    const col = head.findIndex((h) => h === 'Balance');
    const balances: number[] = [];
    ws.eachRow((row, n) => { if (n > 1) balances.push(Number(row.getCell(col).value)); });
    expect(balances).toEqual((await expected(-1)).map((e) => Number(e.balance)));
  });

  it('still refuses a sort it does not know, and balance among several keys', async () => {
    expect((await t.admin.get('/api/pos/customers?sort=nope')).statusCode).toBe(400);
    expect((await t.admin.get('/api/pos/customers?sort=balance,name')).statusCode).toBe(400);
  });
});
