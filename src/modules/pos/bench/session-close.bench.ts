import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { httpGet, httpPost } from '../../../../bench/http-client';
import type { PosBench } from './pos-bench-kit';

/**
 * (b) Closing a session of 5,000 orders: `POST /api/pos/sessions/:id/close` with a counted cash 1.25 short of the
 * expected (so the difference entry posts), timed over HTTP, once per till session (8 sessions, each closed once).
 * What a close reads is the session's money rows (pos_payments, one grouped statement) besides a few settings;
 * the orders themselves are read by the session summary (timed too). Each session holds its real sales made through
 * the API (those of the till benchmark, else 5 made here), and is filled up to 5,000 orders set-based: copies of
 * its own real orders with their lines and money rows (numbers BENCH/<id>; the copies carry no delivery or invoice
 * of their own, which neither the close nor the summary reads). Checked: expected cash = opening + the session's
 * cash rows summed by brute force, the difference -1.25 and its entry posted; a second close is refused (409).
 */
export async function sessionCloseBench(t: PosBench, orders = 5_000): Promise<string[]> {
  const { c, db } = t;
  const q = async <T,>(s: ReturnType<typeof sql>) => (await db.orm.execute(s)).rows as T[];
  const port = await t.listen();
  const start = performance.now();
  for (const till of t.tills) {
    const [{ n }] = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales_orders WHERE session_id = ${till.sessionId}`) as [{ n: number }];
    for (let i = n; i < 5; i++) {
      const body = { sessionId: till.sessionId, lines: t.three().map((p) => ({ productId: p.id, quantity: '1' })), payments: [{ method: 'cash', amount: '1000' }] };
      const r = await httpPost(port, '/api/pos/sales', body, { cookie: till.cookie, 'idempotency-key': randomUUID() });
      if (r.status !== 201) throw new Error(`sale: ${r.status} ${r.body.toString('utf8')}`);
    }
    await db.orm.transaction(async (tx) => {
      await tx.execute(sql`
        WITH src AS (SELECT o.*, row_number() OVER (ORDER BY o.id) AS rn, count(*) OVER () AS cnt FROM sales_orders o WHERE o.company_id = ${c} AND o.session_id = ${till.sessionId}),
        m AS MATERIALIZED (SELECT nextval(pg_get_serial_sequence('sales_orders', 'id'))::int AS id, src.id AS old FROM generate_series(1, greatest(${orders} - (SELECT max(cnt) FROM src), 0)) g
          JOIN src ON src.rn = 1 + (g - 1) % src.cnt),
        o AS (INSERT INTO sales_orders (id, company_id, number, customer_id, order_date, location_id, price_list_id, payment_method, items, discount, subtotal, tax_amount,
            total_amount, paid_amount, due_amount, payment_status, status, session_id, branch_id, created_by, updated_by)
          SELECT m.id, s.company_id, 'BENCH/' || m.id, s.customer_id, s.order_date, s.location_id, s.price_list_id, s.payment_method, s.items, s.discount, s.subtotal, s.tax_amount,
            s.total_amount, s.paid_amount, s.due_amount, s.payment_status, s.status, s.session_id, s.branch_id, s.created_by, s.updated_by FROM m JOIN src s ON s.id = m.old),
        l AS (INSERT INTO sales_order_lines (company_id, order_id, line_no, order_date, customer_id, salesperson_id, product_id, uom_id, description, quantity, base_quantity, price, subtotal, tax_id, tax_amount)
          SELECT l.company_id, m.id, l.line_no, l.order_date, l.customer_id, l.salesperson_id, l.product_id, l.uom_id, l.description, l.quantity, l.base_quantity, l.price, l.subtotal, l.tax_id, l.tax_amount
          FROM m JOIN sales_order_lines l ON l.order_id = m.old)
        INSERT INTO pos_payments (company_id, session_id, order_id, method, amount, tendered)
        SELECT p.company_id, p.session_id, m.id, p.method, p.amount, p.tendered FROM m JOIN pos_payments p ON p.order_id = m.old`);
    });
  }
  await q(sql`ANALYZE sales_orders, sales_order_lines, pos_payments`);
  const seeded = (performance.now() - start) / 1000;

  const times: number[] = [];
  const summaries: number[] = [];
  let checked = true;
  for (const till of t.tills) {
    const [b] = await q<{ orders: number; cash: string; opening: string }>(sql`SELECT (SELECT count(*)::int FROM sales_orders WHERE session_id = ${till.sessionId}) AS orders,
      (SELECT coalesce(sum(amount), 0)::text FROM pos_payments WHERE session_id = ${till.sessionId} AND method = 'cash') AS cash,
      (SELECT opening_cash::text FROM pos_sessions WHERE id = ${till.sessionId}) AS opening`);
    if (b!.orders < orders) throw new Error(`session ${till.sessionId}: ${b!.orders} orders`);
    const expected = new Decimal(b!.opening).plus(b!.cash);
    const s0 = performance.now();
    const r = await httpPost(port, `/api/pos/sessions/${till.sessionId}/close`, { countedCash: expected.minus('1.25').toFixed(2) }, { cookie: till.cookie });
    times.push(performance.now() - s0);
    if (r.status !== 200) throw new Error(`close: ${r.status} ${r.body.toString('utf8')}`);
    const s1 = performance.now();
    const sm = await httpGet(port, `/api/pos/sessions/${till.sessionId}/summary`, { cookie: till.cookie });
    summaries.push(performance.now() - s1);
    const row = r.json<{ expectedCash: string; cashDifference: string; differenceEntryId: number | null }>();
    const [entry] = await q<{ total: string }>(sql`SELECT total_debit::text AS total FROM journal_entries WHERE id = ${row.differenceEntryId ?? 0}`);
    const again = await httpPost(port, `/api/pos/sessions/${till.sessionId}/close`, { countedCash: '0' }, { cookie: till.cookie });
    if (!new Decimal(row.expectedCash).eq(expected) || !new Decimal(row.cashDifference).eq('-1.25') || !entry || !new Decimal(entry.total).eq('1.25')
      || again.status !== 409 || sm.status !== 200 || sm.json<{ orders?: number }>().orders !== b!.orders) checked = false;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const ss = [...summaries].sort((a, b) => a - b);
  return [
    `closing a session of ${orders.toLocaleString('en')} orders (${t.tills.length} sessions, each closed once; filled up in ${seeded.toFixed(1)} s):`,
    `  POST /api/pos/sessions/:id/close with a counted difference: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms (goal < 2,000 ms); ` +
    `summary median ${ss[Math.floor(ss.length / 2)]!.toFixed(1)} ms; expected cash, difference and its entry as brute force, a second close 409: ${checked}`,
  ];
}
