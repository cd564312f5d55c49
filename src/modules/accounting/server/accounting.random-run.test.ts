import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { balancesSnapshot, rebuildBalances } from './ledger.balances';
import { verifyLedger } from './ledger.verify';
import { type Kit, kit } from './test-kit';
import { rng } from '../../../../tests/support/rng';

/**
 * A seeded random run of operations through the API (entries, cancels, invoices, payments, overpayments,
 * credit notes, opening balances, bad input, concurrent batches) with every invariant checked after each step.
 * 1,000 steps make about 2,500 API operations (a batch alone is ten); the run prints how many it made.
 * Replay a failure with ACCOUNTING_SEED=<seed>; ACCOUNTING_STEPS sets the length.
 */
const SEED = Number(process.env.ACCOUNTING_SEED ?? Date.now() % 1_000_000);
// the embedded engine runs each statement several times slower: a shorter walk there, the long one on PostgreSQL
const STEPS = Number(process.env.ACCOUNTING_STEPS ?? (process.env.TEST_DB === 'postgres' ? 1000 : 400));
let t: TestApp;
let k: Kit;
beforeAll(async () => { t = await testApp(); k = await kit(t); });
afterAll(async () => { await t?.close(); });

async function invariants(): Promise<void> {
  const [w] = await k.q<{ d: string; c: string }>(sql`SELECT coalesce(sum(debit), 0)::text AS d, coalesce(sum(credit), 0)::text AS c FROM journal_lines`);
  expect(new Decimal(w!.d).eq(w!.c), 'ledger-wide debit = credit').toBe(true);
  const unbalanced = await k.q(sql`SELECT entry_id FROM journal_lines GROUP BY entry_id HAVING sum(debit) <> sum(credit)`);
  expect(unbalanced, 'every entry balanced').toEqual([]);
  const gaps = await k.q<{ journal_id: number; n: number; mx: number; dn: number }>(sql`
    SELECT journal_id, fiscal_year, count(*)::int AS n, max(sequence_no)::int AS mx, count(DISTINCT sequence_no)::int AS dn
    FROM journal_entries WHERE sequence_no IS NOT NULL GROUP BY journal_id, fiscal_year`);
  for (const g of gaps) expect([g.n, g.dn], `numbers of journal ${g.journal_id} gapless and unique`).toEqual([g.mx, g.mx]);
  const drift = await k.q(sql`
    SELECT l.account_id, l.m FROM (SELECT account_id, date_trunc('month', date)::date AS m, sum(debit) d, sum(credit) c FROM journal_lines GROUP BY 1, 2) l
    FULL JOIN account_balances b ON b.account_id = l.account_id AND b.month = l.m
    WHERE coalesce(l.d, 0) <> coalesce(b.debit, 0) OR coalesce(l.c, 0) <> coalesce(b.credit, 0)`);
  expect(drift, 'balances = lines').toEqual([]);
  const dayDrift = await k.q(sql`
    SELECT l.account_id, l.date FROM (SELECT account_id, date, sum(debit) d, sum(credit) c FROM journal_lines GROUP BY 1, 2) l
    FULL JOIN account_day_balances b ON b.account_id = l.account_id AND b.day = l.date
    WHERE coalesce(l.d, 0) <> coalesce(b.debit, 0) OR coalesce(l.c, 0) <> coalesce(b.credit, 0)`);
  expect(dayDrift, 'day balances = lines').toEqual([]);
  const badInv = await k.q(sql`
    SELECT i.id FROM invoices i LEFT JOIN (SELECT invoice_id, sum(amount) s FROM invoice_payments GROUP BY 1) p ON p.invoice_id = i.id
    WHERE i.status NOT IN ('DRAFT', 'PENDING', 'CANCELLED', 'VOID') AND (
      (NOT i.is_credit_note AND coalesce(p.s, 0) <> i.paid_amount)
      OR i.due_amount < 0 OR i.paid_amount > i.total_amount
      OR (NOT i.is_credit_note AND i.due_amount <> greatest(0, i.total_amount - i.paid_amount - i.credited_amount)))`);
  expect(badInv, 'invoice due = total - paid - credited').toEqual([]);
  const posted = await k.q(sql`SELECT id FROM journal_entries WHERE status <> 'draft' AND hash IS NULL`);
  expect(posted).toEqual([]);
}

it(`random run (seed ${SEED}, ${STEPS} steps) keeps every invariant`, async () => {
  const r = rng(SEED);
  const pick = <T,>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  const amt = () => (Math.floor(r() * 100000) / 100 + 0.01).toFixed(2);
  const leaves = ['1101', '1102', '1103', '1104', '1201', '2101', '2103', '3101', '4101', '4103', '5101', '5102', '5103', '5105'].map(k.acc);
  const journals = ['GEN', 'CSH', 'BNK', 'SAL'];
  const partners = [await k.contact(), await k.contact()];
  const dates = () => `2026-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
  const posted: number[] = [];
  const invoices: number[] = [];
  const entryLines = () => {
    const n = 1 + Math.floor(r() * 3);
    const ds = Array.from({ length: n }, () => amt());
    const total = ds.reduce((s, x) => s.plus(x), new Decimal(0)).toFixed(2);
    return [...ds.map((d) => ({ accountId: pick(leaves), debit: d })), { accountId: pick(leaves), credit: total }];
  };
  const log: string[] = [];
  let operations = 0;
  for (const m of ['get', 'post'] as const) {
    const call = t.admin[m];
    t.admin[m] = ((...a: unknown[]) => { operations++; return (call as (...x: unknown[]) => unknown)(...a); }) as never;
  }
  try {
    for (let step = 0; step < STEPS; step++) {
      const op = pick(['entry', 'entry', 'cancel', 'invoice', 'pay', 'pay', 'overpay', 'credit', 'opening', 'bad', 'batch']);
      log.push(`${step}:${op}`);
      if (op === 'entry') posted.push((await k.post(entryLines(), { journal: pick(journals), date: dates() })).id);
      else if (op === 'cancel' && posted.length) {
        const id = posted.splice(Math.floor(r() * posted.length), 1)[0]!;
        expect((await t.admin.post(`/api/accounting/journal-entries/${id}/cancel`, {})).statusCode).toBe(200);
      } else if (op === 'invoice') {
        const type = pick(['SALE', 'PURCHASE', 'EXPENSE', 'OTHER']);
        const inv = (await t.admin.post('/api/accounting/invoices', { type, partnerId: pick(partners), date: dates(), lines: [{ quantity: String(1 + Math.floor(r() * 5)), unitPrice: amt() }] })).json();
        expect((await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {})).statusCode).toBe(200);
        invoices.push(inv.id);
      } else if ((op === 'pay' || op === 'overpay' || op === 'credit') && invoices.length) {
        const inv = (await t.admin.get(`/api/accounting/invoices/${pick(invoices)}`)).json();
        const due = new Decimal(inv.dueAmount);
        if (op === 'credit') {
          const left = new Decimal(inv.totalAmount).minus(inv.creditedAmount);
          const res = await t.admin.post(`/api/accounting/invoices/${inv.id}/creditNote`, { lines: [{ unitPrice: left.times(r()).toFixed(2) }] });
          expect([200, 409, 422]).toContain(res.statusCode);
        } else if (due.gt(0)) {
          const a = op === 'overpay' ? due.plus('0.01') : Decimal.max('0.01', due.times(r()).toDecimalPlaces(2));
          const res = await t.admin.post(`/api/accounting/invoices/${inv.id}/recordPayment`, { amount: a.toFixed(2), date: '2026-12-31' });
          expect(res.statusCode).toBe(op === 'overpay' ? 422 : 200);
        }
      } else if (op === 'opening') {
        const a = amt();
        const bb = (await t.admin.post('/api/accounting/beginning-balances', { date: dates(), lines: [{ accountId: pick(leaves), debit: a }, { accountId: k.acc('3103'), credit: a }] })).json();
        expect((await t.admin.post(`/api/accounting/beginning-balances/${bb.id}/post`, {})).statusCode).toBe(200);
      } else if (op === 'bad') {
        const ls = entryLines();
        (ls[0] as { debit: string }).debit = new Decimal((ls[0] as { debit: string }).debit).plus('0.01').toFixed(2);
        expect((await k.draft(ls, { date: dates() })).statusCode).toBe(422);
      } else if (op === 'batch') {
        const ds = [];
        for (let i = 0; i < 5; i++) ds.push((await k.draft(entryLines(), { journal: 'GEN', date: dates() })).body.id);
        const res = await Promise.all(ds.map((id) => t.admin.post(`/api/accounting/journal-entries/${id}/post`, {})));
        expect(res.map((x) => x.statusCode)).toEqual([200, 200, 200, 200, 200]);
        posted.push(...ds);
      }
      await invariants();
      if (step % 100 === 99) expect((await verifyLedger(t.db.orm, 1)).problems).toEqual([]);
    }
    expect((await verifyLedger(t.db.orm, 1)).ok).toBe(true);
    console.log(`accounting random run: seed ${SEED}, ${STEPS} steps, ${operations} API operations, invariants held after each step`);
    const before = await balancesSnapshot(t.db.orm as never, 1);
    await t.db.orm.transaction((tx) => rebuildBalances(tx, 1));
    const norm = (xs: typeof before) => xs.map((x) => ({ ...x, debit: new Decimal(x.debit).toFixed(4), credit: new Decimal(x.credit).toFixed(4) }));
    expect(norm(await balancesSnapshot(t.db.orm as never, 1))).toEqual(norm(before));
  } catch (e) {
    console.error(`accounting random run failed: ACCOUNTING_SEED=${SEED} (last steps: ${log.slice(-5).join(' ')})`);
    throw e;
  }
}, 900_000);
