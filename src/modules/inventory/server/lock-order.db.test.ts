import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { LOCK_ORDER, type LockKind } from '../../../core/db/lock-order';
import { postDelivery } from './documents.test-kit';
import { type StockKit, stockKit } from './test-kit';

/**
 * The declared lock order (core/db/lock-order.ts) read back from PostgreSQL while posters run. For each kind a
 * poster takes, another session holds that kind's rows (FOR NO KEY UPDATE: it blocks every lock a poster takes, not
 * the foreign-key checks) while the poster runs; once the poster waits, every other kind's rows are tried with
 * NOWAIT: those it already holds are what it locked before. They must be exactly the kinds it takes that the
 * declaration puts before the blocked one. PostgreSQL only (PGlite has one connection: nothing can hold a row).
 */
const onPg = process.env.TEST_DB === 'postgres';
const dialect = new PgDialect();
let t: TestApp;
let k: StockKit;
let url: string;

beforeAll(async () => {
  if (!onPg) return;
  t = await testApp();
  k = await stockKit(t);
  url = (t.db as { url?: string }).url!;
});
afterAll(async () => { await t?.close(); });

const text = (q: SQL) => dialect.sqlToQuery(q);
async function session(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

/** Rows of each kind the poster of a run may lock, as a WHERE over their table: `SELECT 1 FROM <table> WHERE ...`. */
type Probes = Partial<Record<LockKind, SQL>>;

/**
 * What the poster `run(i)` (its i-th identical run) holds when it first waits for each kind: kind -> kinds held then;
 * a kind it never waits for is absent (it does not take it).
 */
async function observe(probes: Probes, run: (i: number) => Promise<unknown>): Promise<Map<LockKind, LockKind[]>> {
  const kinds = Object.keys(probes) as LockKind[];
  const holder = await session();
  const prober = await session();
  const seen = new Map<LockKind, LockKind[]>();
  try {
    for (const [i, kind] of kinds.entries()) {
      await holder.query('BEGIN');
      const locked = text(sql`${probes[kind]!} FOR NO KEY UPDATE`);
      expect((await holder.query(locked.sql, locked.params)).rowCount, `rows of ${kind}`).toBeGreaterThan(0);
      let finished = false;
      const posting = run(i).finally(() => { finished = true; });
      let waiting = false;
      while (!finished && !waiting) {
        await new Promise((r) => setTimeout(r, 15));
        const w = await prober.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()
          AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`);
        waiting = w.rows[0].n > 0;
      }
      if (waiting) {
        const held: LockKind[] = [];
        for (const other of kinds.filter((x) => x !== kind)) {
          const q = text(sql`${probes[other]!} FOR NO KEY UPDATE NOWAIT`);
          await prober.query('BEGIN');
          try {
            await prober.query(q.sql, q.params);
          } catch (e) {
            if ((e as { code?: string }).code !== '55P03') throw e;
            held.push(other);
          } finally {
            await prober.query('ROLLBACK');
          }
        }
        seen.set(kind, held);
      }
      await holder.query('ROLLBACK');
      await posting;
    }
  } finally {
    await holder.end();
    await prober.end();
  }
  return seen;
}

/** For each kind the poster took: the kinds it held then must be exactly those it takes that are declared before it. */
function expectDeclaredOrder(seen: Map<LockKind, LockKind[]>, takes: LockKind[]): void {
  expect([...seen.keys()].sort(), `the kinds the poster takes (${JSON.stringify([...seen])})`).toEqual([...takes].sort());
  const at = (x: LockKind) => LOCK_ORDER.indexOf(x);
  for (const [kind, held] of seen) {
    expect([...held].sort(), `held while waiting for ${kind}`).toEqual(takes.filter((x) => at(x) < at(kind)).sort());
  }
}

/** The rows a stock posting of `products` out of / into the main location on `day` may lock, as filled by an earlier one. */
async function stockProbes(products: number[], day: string, entryOf: SQL): Promise<Probes> {
  const [e] = await k.q<{ journal: number; accounts: number[] }>(sql`SELECT e.journal_id AS journal, array_agg(DISTINCT l.account_id) AS accounts
    FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id WHERE e.id = (${entryOf}) GROUP BY 1`);
  const ps = sql`(${sql.join(products.map((p) => sql`${p}::int`), sql`, `)})`;
  const accs = sql`(${sql.join(e!.accounts.map((a) => sql`${a}::int`), sql`, `)})`;
  return {
    products: sql`SELECT 1 FROM products WHERE id IN ${ps}`,
    quants: sql`SELECT 1 FROM stock_quants WHERE product_id IN ${ps} AND location_id = ${k.loc.stock}`,
    layers: sql`SELECT 1 FROM stock_valuation_layers WHERE product_id IN ${ps} AND remaining_qty > 0`,
    'day totals': sql`SELECT 1 FROM stock_day_totals WHERE product_id IN ${ps} AND day = ${day}::date`,
    accounts: sql`SELECT 1 FROM accounts WHERE id IN ${accs}`,
    'journal chain': sql`SELECT 1 FROM ledger_chains WHERE journal_id = ${e!.journal}`,
    'journal counter': sql`SELECT 1 FROM doc_sequences WHERE doc_type = ${`journal:${e!.journal}`}`,
    balances: sql`SELECT 1 FROM account_day_balances WHERE account_id IN ${accs} AND day = ${day}::date`,
  };
}

describe.skipIf(!onPg)('the lock order of lock-order.ts, read from PostgreSQL', () => {
  it('a delivery validated: the delivery, products, quants, layers, day totals, accounts, journal chain, its counter late, journal counter, balances', async () => {
    const day = '2026-06-10';
    const ps = [await k.product({ name: 'Order A', cost: '2' }), await k.product({ name: 'Order B', cost: '3' })];
    for (const p of ps) await k.receive(p, '100', '2', { date: '2026-06-01' });
    const items = ps.map((productId) => ({ productId, quantity: '1' }));
    const first = await postDelivery(t.admin, k, items, { deliveryDate: day, validate: true });
    expect(first.statusCode, first.body).toBe(201);
    const probes: Probes = {
      ...(await stockProbes(ps, day, sql`SELECT entry_id FROM deliveries WHERE id = ${first.json().id as number}`)),
      'late document counter': sql`SELECT 1 FROM doc_sequences WHERE doc_type = 'delivery'`,
    };
    const drafts: number[] = [];
    for (let i = 0; i < Object.keys(probes).length + 1; i++) drafts.push((await postDelivery(t.admin, k, items, { deliveryDate: day })).json().id);
    probes.document = sql`SELECT 1 FROM deliveries WHERE id IN (${sql.join(drafts.map((d) => sql`${d}::int`), sql`, `)})`;
    const seen = await observe(probes, async (i) => {
      const r = await t.admin.post(`/api/inventory/deliveries/${drafts[i]}/validate`, {});
      expect(r.statusCode, r.body).toBe(200);
    });
    expectDeclaredOrder(seen, ['document', 'products', 'quants', 'layers', 'day totals', 'accounts', 'journal chain', 'late document counter', 'journal counter', 'balances']);
  });

  it('a receipt received: the receipt, products, quants, layers, day totals, accounts, journal chain, journal counter, balances', async () => {
    const day = '2026-06-11';
    const p = await k.product({ name: 'Order R', cost: '2' });
    const receipt = async () => {
      const r = (await t.admin.post('/api/inventory/receipts', { receiptDate: day, locationId: k.loc.stock, items: [{ productId: p, quantity: '2', unitCost: '2' }] })).json();
      expect((await t.admin.post(`/api/inventory/receipts/${r.id}/approve`, {})).statusCode).toBe(200);
      return r.id as number;
    };
    const first = await receipt();
    expect((await t.admin.post(`/api/inventory/receipts/${first}/receive`, {})).statusCode).toBe(200);
    const probes = await stockProbes([p], day, sql`SELECT id FROM journal_entries WHERE source_type = 'receipt' AND source_id = ${first} ORDER BY id LIMIT 1`);
    const ids: number[] = [];
    for (let i = 0; i < Object.keys(probes).length + 1; i++) ids.push(await receipt());
    probes.document = sql`SELECT 1 FROM receipts WHERE id IN (${sql.join(ids.map((d) => sql`${d}::int`), sql`, `)})`;
    const seen = await observe(probes, async (i) => {
      const r = await t.admin.post(`/api/inventory/receipts/${ids[i]}/receive`, {});
      expect(r.statusCode, r.body).toBe(200);
    });
    expectDeclaredOrder(seen, ['document', 'products', 'quants', 'layers', 'day totals', 'accounts', 'journal chain', 'journal counter', 'balances']);
  });

  it('a journal entry posted: the entry, accounts, journal chain, journal counter, balances', async () => {
    const day = '2026-06-12';
    const [gen] = await k.q<{ id: number }>(sql`SELECT id FROM journals WHERE code = 'GEN'`);
    const accounts = [k.acc('5101'), k.acc('1101')];
    const draft = async () => (await t.admin.post('/api/accounting/journal-entries', {
      journalId: gen!.id, date: day, lines: [{ accountId: accounts[0], debit: '5' }, { accountId: accounts[1], credit: '5' }],
    })).json().id as number;
    const first = await draft();
    expect((await t.admin.post(`/api/accounting/journal-entries/${first}/post`, {})).statusCode).toBe(200);
    const { products: _p, quants: _q, layers: _l, 'day totals': _d, ...probes } = await stockProbes([0], day, sql`SELECT ${first}::int`);
    const ids: number[] = [];
    for (let i = 0; i < Object.keys(probes).length + 1; i++) ids.push(await draft());
    const ledger: Probes = { ...probes, document: sql`SELECT 1 FROM journal_entries WHERE id IN (${sql.join(ids.map((d) => sql`${d}::int`), sql`, `)})` };
    const seen = await observe(ledger, async (i) => {
      const r = await t.admin.post(`/api/accounting/journal-entries/${ids[i]}/post`, {});
      expect(r.statusCode, r.body).toBe(200);
    });
    expectDeclaredOrder(seen, ['document', 'accounts', 'journal chain', 'journal counter', 'balances']);
  });

  it('a receipt approved: the receipt, then its counter', async () => {
    const p = await k.product({ name: 'Order N', cost: '2' });
    const pending = async () => (await t.admin.post('/api/inventory/receipts', { receiptDate: '2026-06-13', locationId: k.loc.stock, items: [{ productId: p, quantity: '1', unitCost: '2' }] })).json().id as number;
    const ids = [await pending(), await pending()];
    const probes: Probes = {
      document: sql`SELECT 1 FROM receipts WHERE id IN (${sql.join(ids.map((d) => sql`${d}::int`), sql`, `)})`,
      'document counter': sql`SELECT 1 FROM doc_sequences WHERE doc_type = 'receipt'`,
    };
    const seen = await observe(probes, async (i) => {
      const r = await t.admin.post(`/api/inventory/receipts/${ids[i]}/approve`, {});
      expect(r.statusCode, r.body).toBe(200);
    });
    expectDeclaredOrder(seen, ['document', 'document counter']);
  });
});
