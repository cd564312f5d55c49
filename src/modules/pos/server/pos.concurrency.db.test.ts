import { sql } from 'drizzle-orm';
import { saleAnswer } from './sale.answer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { verifyLedger } from '../../accounting';
import { stockQuantities, verifyStock } from '../../inventory';
import { type PosKit, posApp } from './pos.test-kit';

/**
 * PostgreSQL, at once: 20 tills (five cashiers, English and Arabic, each in their own session of one branch) selling
 * the last unit: one sale (its session's 0001), 19 "Quantity Not Available" in their language with nothing written
 * and their numbers given back, on hand 0, the books and the stock verify; two closes of one session: one close, one
 * 409, one difference entry; the same sale sent twice at once with one key: one order; two starts of a session by
 * one user: one active session. Numbers under parallel sales (invariant 4, attack 6): 12 sales at once in one
 * session, then in two sessions interleaved: each session's orders <session>-0001.. with no gap, and the invoices and
 * the SAL, STK and CSH entries they made consecutive right after the ones before, each series whole from 1, the hash
 * chains verified.
 */
let t: TestApp;
let k: PosKit;
let ar: Client;
beforeAll(async () => { ({ t, k, ar } = await posApp()); }, 120_000);
afterAll(async () => { await t?.close(); });
const pg = process.env.TEST_DB === 'postgres';

it.runIf(pg)('20 tills at once selling the last unit: one sale, 19 "Quantity Not Available" in their language, nothing else written', async () => {
  const p = await k.product('Last oud bottle', '300', '1', '150');
  // five cashiers, English and Arabic, each in their own session of the branch; four sales from each, all at once
  const tills: { client: Client; locale: 'en' | 'ar'; session: Record<string, any> }[] = [];
  for (let i = 0; i < 5; i++) {
    const locale = i % 2 ? 'ar' : 'en';
    const c = await k.cashier(`till-${i}`, true, locale);
    tills.push({ client: c.client, locale, session: await k.session(c.client, '0') });
  }
  const before = await k.counts();
  const body = (sessionId: number) => ({ sessionId, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '300' }] });
  const sent = Array.from({ length: 20 }, (_, i) => tills[i % tills.length]!);
  const res = await Promise.all(sent.map((till, i) => till.client.post('/api/pos/sales', body(till.session.id), { 'idempotency-key': `last-unit-${i}` })));
  expect(res.map((r) => r.statusCode).sort(), res.map((r) => r.body).join('\n')).toEqual([201, ...Array<number>(19).fill(422)]);
  res.forEach((r, i) => {
    if (r.statusCode !== 422) return;
    const en = sent[i]!.locale === 'en';
    expect(r.json().error.message).toBe(en ? 'Quantity Not Available' : 'الكمية غير متوفرة');
    // refused against what the winner left, not a stale count
    expect(r.json().error.fields.quantity).toBe(en ? 'Last oud bottle: 0 available, 1 requested' : 'Last oud bottle: المتوفر 0، المطلوب 1');
  });
  // the winner's order is its session's first (the refusals' numbers are checked given back below)
  const won = res.findIndex((r) => r.statusCode === 201);
  const order = res[won]!.json().order as { id: number; number: string; sessionId: number };
  expect(order).toMatchObject({ sessionId: sent[won]!.session.id, number: `${sent[won]!.session.number}-0001` });
  const after = await k.counts();
  expect({ orders: after.orders! - before.orders!, deliveries: after.deliveries! - before.deliveries!, invoices: after.invoices! - before.invoices!, pos: after.pos_payments! - before.pos_payments! })
    .toEqual({ orders: 1, deliveries: 1, invoices: 1, pos: 1 });
  const item = JSON.stringify([{ productId: p }]);
  const [of] = await k.q<{ orders: number; deliveries: number; moves: number }>(sql`SELECT
      (SELECT count(*)::int FROM sales_orders WHERE items @> ${item}::jsonb) AS orders,
      (SELECT count(*)::int FROM deliveries WHERE items @> ${item}::jsonb) AS deliveries,
      (SELECT count(*)::int FROM stock_moves WHERE product_id = ${p} AND from_location_id = ${k.stock}) AS moves`);
  expect(of).toEqual({ orders: 1, deliveries: 1, moves: 1 });
  expect((await stockQuantities(k.ctx, { productIds: [p] }))[0]).toMatchObject({ onHand: '0.000000' });
  // every key kept its answer: the one sale and the 19 refusals
  const keys = await k.q<{ status_code: number; n: number }>(sql`SELECT status_code, count(*)::int AS n FROM idempotency_keys WHERE key LIKE 'last-unit-%' GROUP BY status_code ORDER BY status_code`);
  expect(keys).toEqual([{ status_code: 201, n: 1 }, { status_code: 422, n: 19 }]);
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
  expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
  // stock arrives: each other session's next sale is its 0001 (no number was lost to a refusal)
  await k.receive(p, '4', '150');
  const losers = tills.filter((x) => x !== sent[won]);
  const next = await Promise.all(losers.map((x) => x.client.post('/api/pos/sales', body(x.session.id))));
  expect(next.map((r) => r.statusCode), next.map((r) => r.body).join('\n')).toEqual([201, 201, 201, 201]);
  expect(next.map((r) => r.json().order.number)).toEqual(losers.map((x) => `${x.session.number}-0001`));
  expect((await stockQuantities(k.ctx, { productIds: [p] }))[0]).toMatchObject({ onHand: '0.000000' });
}, 120_000);

it.runIf(pg)('two closes of one session at once: one closes, the other gets 409; one difference entry', async () => {
  const c = await k.cashier('double-close', true);
  const s = await k.session(c.client, '100');
  const res = await Promise.all([c.client.post(`/api/pos/sessions/${s.id}/close`, { countedCash: '90' }), c.client.post(`/api/pos/sessions/${s.id}/close`, { countedCash: '90' })]);
  expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  const entries = await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM journal_entries WHERE source_type = 'posSession' AND source_id = ${s.id}`);
  expect(entries[0]!.n).toBe(1);
}, 120_000);

it.runIf(pg)('the same sale sent twice at once with one Idempotency-Key: one order', async () => {
  const p = await k.product('Rose water', '10', '5');
  const s = await k.session(t.admin, '0');
  const before = await k.counts();
  const body = { sessionId: s.id, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '10' }] };
  const res = await Promise.all([t.admin.post('/api/pos/sales', body, { 'idempotency-key': 'k-1' }), ar.post('/api/pos/sales', body, { 'idempotency-key': 'k-1' })]);
  expect(res.map((r) => r.statusCode)).toEqual([201, 201]);
  // the second is answered from the first's stored answer, or (stored not yet) rebuilt from what it committed
  const [a, b] = res.map((r) => r.json() as { order: { id: number; status: string }; change: string; paid: string; due: string; payments: unknown[] });
  expect(b!.order.id).toBe(a!.order.id);
  expect({ ...b, order: b!.order.id }).toEqual({ ...a, order: a!.order.id });
  const rebuilt = await saleAnswer(k.ctx, a!.order.id);
  expect({ ...rebuilt, order: rebuilt.order.id }).toEqual({ ...a, order: a!.order.id });
  expect(rebuilt.order.status).toBe(a!.order.status);
  expect((await k.counts()).orders! - before.orders!).toBe(1);
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
  expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
}, 120_000);

it.runIf(pg)('two starts of a session by one user at one branch at once: one active session', async () => {
  const c = await k.cashier('double-start', true);
  const res = await Promise.all([1, 2].map(() => c.client.post('/api/pos/sessions', { branchId: k.branch, openingCash: '10' })));
  expect(res.filter((r) => r.statusCode === 201).length).toBe(1);
  const refused = res.find((r) => r.statusCode !== 201)!;
  expect([409, 422]).toContain(refused.statusCode);
  expect(refused.json().error.fields.branchId ?? refused.json().error.message).toContain('You already have an active session at this branch');
  const n = await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM pos_sessions WHERE user_id = ${c.userId} AND status = 'active'`);
  expect(n[0]!.n).toBe(1);
}, 120_000);

/** The trailing sequence part of a number: 'INV/2026/00012' -> 12, 'POS/2026/00003-0007' -> 7. */
const seqOf = (n: string) => Number(n.slice(Math.max(n.lastIndexOf('/'), n.lastIndexOf('-')) + 1));
const from = (first: number, n: number) => Array.from({ length: n }, (_, i) => first + i);
const serial = (session: string, n: number) => from(1, n).map((i) => `${session}-${String(i).padStart(4, '0')}`);

/**
 * The company's sale invoices (not notes: they count apart) and the entries of the SAL, STK and CSH journals: per (journal or invoices, fiscal
 * year), the sequence parts of their numbers in order.
 */
async function series(): Promise<Map<string, number[]>> {
  const rows = await k.q<{ series: string; number: string }>(sql`
    SELECT j.code || '/' || e.fiscal_year AS series, e.number FROM journal_entries e JOIN journals j ON j.id = e.journal_id
      WHERE e.company_id = ${k.ctx.companyId} AND j.code IN ('SAL', 'STK', 'CSH') AND e.number IS NOT NULL
    UNION ALL SELECT 'INV/' || split_part(number, '/', 2), number FROM invoices WHERE company_id = ${k.ctx.companyId} AND type = 'SALE'
      AND NOT is_credit_note AND NOT is_debit_note AND number IS NOT NULL`);
  const m = new Map<string, number[]>();
  for (const r of rows) m.set(r.series, [...(m.get(r.series) ?? []), seqOf(r.number)]);
  for (const v of m.values()) v.sort((a, b) => a - b);
  return m;
}

/**
 * `perSession` sales of one unit of a product in each given session, all sent at once (the sessions' requests
 * interleaved), each with its own Idempotency-Key. Checks: every sale 201; each session's orders numbered
 * <session>-0001..-000n with no gap; the sales' invoices and their SAL, STK and CSH entries numbered right after the
 * last ones before the batch, consecutive, and each of those series whole from 1; the hash chains and the stock verify.
 */
async function parallelSales(tag: string, tills: { client: Client; session: Record<string, any> }[], perSession: number) {
  const p = await k.product(`Cardamom ${tag}`, '10', String(tills.length * perSession));
  const before = await series();
  const sent = from(0, tills.length * perSession).map((i) => tills[i % tills.length]!);
  const res = await Promise.all(sent.map((x, i) => x.client.post('/api/pos/sales',
    { sessionId: x.session.id, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '10' }] }, { 'idempotency-key': `${tag}-${i}` })));
  expect(res.map((r) => r.statusCode), res.map((r) => r.body).join('\n')).toEqual(sent.map(() => 201));
  for (const x of tills) {
    const answered = res.filter((_, i) => sent[i] === x).map((r) => r.json().order.number as string).sort();
    expect(answered).toEqual(serial(x.session.number, perSession));
    const stored = await k.q<{ number: string }>(sql`SELECT number FROM sales_orders WHERE session_id = ${x.session.id} ORDER BY number`);
    expect(stored.map((o) => o.number)).toEqual(serial(x.session.number, perSession));
  }
  // what the batch issued, read from the tables: each sale's invoice, its SAL entry, its delivery's STK entry, its CSH payment entry
  const ids = tills.map((x) => x.session.id as number);
  const docs = await k.q<{ inv: string; sal: string; stk: string; csh: string; fy: number; codes: string }>(sql`
    SELECT i.number AS inv, ie.number AS sal, de.number AS stk, pe.number AS csh, ie.fiscal_year AS fy, ij.code || de_j.code || pj.code AS codes
    FROM sales_orders o JOIN invoices i ON i.id = o.invoice_id JOIN journal_entries ie ON ie.id = i.entry_id JOIN journals ij ON ij.id = ie.journal_id
      JOIN deliveries d ON d.id = o.delivery_id JOIN journal_entries de ON de.id = d.entry_id JOIN journals de_j ON de_j.id = de.journal_id
      JOIN invoice_payments ip ON ip.invoice_id = i.id JOIN journal_entries pe ON pe.id = ip.entry_id JOIN journals pj ON pj.id = pe.journal_id
    WHERE o.session_id IN (SELECT unnest(${`{${ids.join(',')}}`}::int[]))`);
  const n = sent.length;
  expect(docs.length).toBe(n);
  expect(new Set(docs.map((d) => `${d.codes}/${d.fy}`))).toEqual(new Set([`SALSTKCSH/${docs[0]!.fy}`]));
  const fy = docs[0]!.fy;
  const after = await series();
  for (const [code, col] of [['INV', 'inv'], ['SAL', 'sal'], ['STK', 'stk'], ['CSH', 'csh']] as const) {
    const key = `${code}/${fy}`;
    const last = Math.max(0, ...(before.get(key) ?? []));
    const batch = docs.map((d) => d[col]);
    expect(batch.every((x) => x.startsWith(`${code}/${fy}/`)), `${key}: ${batch.join(' ')}`).toBe(true);
    expect(batch.map(seqOf).sort((a, b) => a - b), key).toEqual(from(last + 1, n));
    expect(after.get(key), key).toEqual(from(1, last + n));
  }
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
  expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
  expect((await stockQuantities(k.ctx, { productIds: [p] }))[0]).toMatchObject({ onHand: '0.000000' });
}

it.runIf(pg)('12 sales at once in one session: orders <session>-0001..-0012, invoices and SAL, STK, CSH entries consecutive, no gap', async () => {
  const c = await k.cashier('series-one', true);
  await parallelSales('one', [{ client: c.client, session: await k.session(c.client, '0') }], 12);
}, 120_000);

it.runIf(pg)('sales at once in two sessions: each session its own gapless series; invoices and entries consecutive, no gap', async () => {
  const a = await k.cashier('series-a', true);
  const b = await k.cashier('series-b', true, 'ar');
  await parallelSales('two', [{ client: a.client, session: await k.session(a.client, '0') }, { client: b.client, session: await k.session(b.client, '0') }], 8);
}, 120_000);
