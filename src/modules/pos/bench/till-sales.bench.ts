import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import { execPrepared, intsLiteral } from '../../../core/db/prepared';
import { withTx } from '../../../core/db/tx';
import { httpPost } from '../../../../bench/http-client';
import { alternate, cpuLine, drive, side } from '../../../../bench/rounds';
import type { PosBench } from './pos-bench-kit';

/**
 * (a) Till sales over HTTP: `POST /api/pos/sales` with an Idempotency-Key, 3 lines (3 of 50 products, one each, at
 * their list price with the default 15% VAT), paid in cash with change, by 8 tills at once (8 cashiers, each with
 * an active session at one branch; a till makes one sale at a time). Each sale is one transaction: the order
 * created, confirmed (number, delivery: stock out at FIFO cost, moves, layers, quants, day totals, the cost-of-sales
 * entry; the invoice and its entry) and paid (the payment and its entry), the till's money row, the audit rows.
 * Beside it, the raw-SQL ceiling: the same rows written by hand in one transaction per sale, 3 statements, named
 * and prepared, the last one committing in its own message (the delivery benchmark's pattern,
 * inventory/bench/delivery.bench.ts): (1) the session FOR SHARE and the quants FOR UPDATE by product; (2) the
 * quants, the consumed layers and the day totals (whose triggers keep the month totals and balances), and the
 * order with its 3 lines as a draft (as the application writes them: sales_product_months is then kept by the
 * order's status trigger); (3) the six gapless numbers (order, delivery, invoice, three entries), three journals'
 * chain heads advanced with a sha256 each, three posted entries with their 9 lines, month and day balances, the
 * order completed and paid (its trigger adds the product months), the delivery, its 3 moves and 3 layers, the
 * invoice (paid), its payment, the till's money row, the 12 audit rows and the Idempotency-Key with its answer. The
 * raw side posts to three journals of its own (copies of the stock, sales and cash journals), so its hashes, over
 * fewer fields than the application's canonical form, stay out of the application's chains.
 * The two sides run in alternating rounds after a warm-up each (bench/rounds.ts); each prints its CPU per sale.
 */
const TENDERED = '1000';

export async function tillSalesBench(t: PosBench, durationMs = 10_000, clients = 8, warmupMs = 2_000): Promise<string[]> {
    const port = await t.listen();
  const database = t.database;
  const free = [...t.tills];
  let refusedSample = '';
  const sale = async () => {
    const till = free.pop()!;
    try {
      const body = { sessionId: till.sessionId, lines: t.three().map((p) => ({ productId: p.id, quantity: '1' })), payments: [{ method: 'cash', amount: TENDERED }] };
      const r = await httpPost(port, '/api/pos/sales', body, { cookie: till.cookie, 'idempotency-key': randomUUID() });
      if (r.status !== 201 && !refusedSample) refusedSample = `${r.status} ${r.body.toString('utf8').slice(0, 200)}`;
      return r.status === 201;
    } finally {
      free.push(till);
    }
  };
  await drive(clients, warmupMs, sale);
  const raw = await rawSale(t);
  await drive(clients, warmupMs, raw);

  const http = side();
  const rawSide = side();
  const ROUNDS = 4;
  await alternate(database, clients, durationMs, [http, sale], [rawSide, raw], ROUNDS);
  const httpRate = http.ok / http.seconds;
  const rawRate = rawSide.ok / rawSide.seconds;
  return [
    `till sales of 3 lines paid in cash, ${clients} tills, ${(durationMs / 1000).toFixed(0)} s each in ${ROUNDS} alternating rounds, after ${(warmupMs / 1000).toFixed(0)} s of warm-up:`,
    `  HTTP  POST /api/pos/sales (order, confirm: delivery and invoice, payment, 3 entries): ${httpRate.toFixed(1)} sales/s (${http.ok} done, ${http.refused} refused${refusedSample ? `: ${refusedSample}` : ''}); ${cpuLine(http, 'sale')}`,
    `  raw SQL, the same rows in one transaction per sale, 3 prepared statements: ${rawRate.toFixed(1)} sales/s; ${cpuLine(rawSide, 'sale')}; ratio ${(httpRate / rawRate).toFixed(2)} (goal 0.5)`,
  ];
}

/** The raw-SQL ceiling's sale: its setup (accounts, journals, counters) read from what the application's warm-up wrote. */
async function rawSale(t: PosBench): Promise<() => Promise<boolean>> {
  const { c, u, db, date } = t;
  const q = async <T,>(s: SQL) => (await db.orm.execute(s)).rows as T[];
  const acc = (await q<Record<string, number>>(sql`SELECT
      max(l.account_id) FILTER (WHERE e.source_type = 'delivery' AND l.debit > 0) AS cogs, max(l.account_id) FILTER (WHERE e.source_type = 'delivery' AND l.credit > 0) AS inv,
      max(l.account_id) FILTER (WHERE e.source_type = 'invoice' AND l.debit > 0) AS recv, max(l.account_id) FILTER (WHERE e.source_type = 'invoice' AND l.credit > 0 AND l.line_no = 2) AS rev,
      max(l.account_id) FILTER (WHERE e.source_type = 'invoice' AND l.credit > 0 AND l.label = e.reference) AS tax,
      max(l.account_id) FILTER (WHERE e.source_type = 'invoicePayment' AND l.debit > 0) AS cash,
      max(e.journal_id) FILTER (WHERE e.source_type = 'delivery') AS stk, max(e.journal_id) FILTER (WHERE e.source_type = 'invoice') AS sal, max(e.journal_id) FILTER (WHERE e.source_type = 'invoicePayment') AS csh
    FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id WHERE e.company_id = ${c}`))[0]!;
  const [tax] = await q<{ id: number; rate: string }>(sql`SELECT DISTINCT tax_id AS id, (SELECT rate::text FROM taxes WHERE id = l.tax_id) AS rate FROM sales_order_lines l WHERE company_id = ${c}`);
  const [o] = await q<{ customer: number; list: number; loc: number; to: number; uom: number }>(sql`SELECT o.customer_id AS customer, o.price_list_id AS list, o.location_id AS loc,
      (SELECT to_location_id FROM stock_moves WHERE source_type = 'delivery' AND company_id = ${c} LIMIT 1) AS to, (SELECT uom_id FROM sales_order_lines WHERE company_id = ${c} LIMIT 1) AS uom
    FROM sales_orders o WHERE o.company_id = ${c} LIMIT 1`);
  const layers = new Map((await q<{ p: number; id: number }>(sql`SELECT product_id AS p, min(id) AS id FROM stock_valuation_layers
    WHERE company_id = ${c} AND remaining_qty > 0 GROUP BY 1`)).map((r) => [Number(r.p), Number(r.id)]));
  // three journals of its own (copies of the stock, sales and cash journals), with their chains and counters
  const js = await q<{ id: number; code: string }>(sql`INSERT INTO journals (company_id, code, name_en, name_ar, type, prefix)
    SELECT company_id, 'RAW' || code, 'Raw ' || name_en, name_ar, type, 'R' || prefix FROM journals WHERE id IN (${acc.stk}, ${acc.sal}, ${acc.csh}) ORDER BY id RETURNING id, code`);
  const j = Object.fromEntries(js.map((x) => [x.code.slice(3), x.id])) as Record<string, number>;
  const code = async (id: number) => (await q<{ code: string }>(sql`SELECT code FROM journals WHERE id = ${id}`))[0]!.code;
  const jStk = j[await code(acc.stk!)]!;
  const jSal = j[await code(acc.sal!)]!;
  const jCsh = j[await code(acc.csh!)]!;
  const fy = Number(date.slice(0, 4));
  await q(sql`INSERT INTO ledger_chains (journal_id, company_id) SELECT id, ${c} FROM journals WHERE id IN (${jStk}, ${jSal}, ${jCsh}) ON CONFLICT DO NOTHING`);
  await q(sql`INSERT INTO doc_sequences (company_id, doc_type, fiscal_year, prefix, next_value)
    SELECT ${c}, x, ${fy}, upper(substr(x, 10)), 1 FROM unnest(ARRAY['bench-raw-order', 'bench-raw-delivery', 'bench-raw-invoice', 'bench-raw-stk', 'bench-raw-sal', 'bench-raw-csh']) x ON CONFLICT DO NOTHING`);
  const rate = new Decimal(tax!.rate);

  return async () => {
    const lines = t.three().sort((a, b) => a.id - b.id);
    const taxes = lines.map((p) => new Decimal(p.price).times(rate).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
    const sub = lines.reduce((a, p) => a.plus(p.price), new Decimal(0));
    const taxTotal = taxes.reduce((a, x) => a.plus(x), new Decimal(0));
    const total = sub.plus(taxTotal).toFixed(4);
    const cogs = lines.reduce((a, p) => a.plus(p.cost), new Decimal(0)).toFixed(4);
    const ids = sql`ANY(${intsLiteral(lines.map((p) => p.id))}::int[])`;
    const vals = sql.join(lines.map((p, i) => sql`(${i + 1}::int, ${p.id}::int, ${p.price}::numeric, ${p.cost}::numeric, ${taxes[i]!.toFixed(2)}::numeric, ${p.name}::text)`), sql`, `);
    const items = JSON.stringify(lines.map((p, i) => ({ productId: p.id, quantity: '1', uomId: o!.uom, price: p.price, subtotal: p.price, taxId: tax!.id, taxAmount: taxes[i]!.toFixed(2), description: p.name, baseQuantity: '1' })));
    const key = randomUUID();
    const session = t.rawSessionId;
    await withTx(db, async (tx) => {
      const run = (s: SQL, commit = false) => execPrepared(tx, s, { commit });
      // (1) the session, then the quants in product order (as postStock locks them)
      await run(sql`WITH s AS (SELECT id FROM pos_sessions WHERE company_id = ${c} AND id = ${session} AND status = 'active' FOR SHARE)
        SELECT q.id FROM stock_quants q WHERE q.company_id = ${c} AND q.location_id = ${o!.loc} AND q.lot_id IS NULL AND q.product_id = ${ids}
          AND EXISTS (SELECT 1 FROM s) ORDER BY q.product_id FOR UPDATE OF q`);
      // (2) stock out (quants, the oldest open layers, day totals) and the order with its lines as a draft
      const orderId = ((await run(sql`
        WITH qu AS (UPDATE stock_quants SET quantity = quantity - 1, version = version + 1, updated_at = now(), updated_by = ${u}
          WHERE company_id = ${c} AND location_id = ${o!.loc} AND lot_id IS NULL AND product_id = ${ids}),
        ly AS (UPDATE stock_valuation_layers v SET remaining_qty = remaining_qty - 1, remaining_value = remaining_value - v.unit_cost, version = version + 1, updated_at = now(), updated_by = ${u}
          WHERE id = ANY(${intsLiteral(lines.map((p) => layers.get(p.id)!))}::int[])),
        dt AS (INSERT INTO stock_day_totals (company_id, product_id, location_id, day, qty_in, qty_out, value_in, value_out, moves)
          SELECT ${c}, x.p, l.loc, ${date}, l.i, l.o, 0, x.cost * l.o, 1 FROM (VALUES ${vals}) x(n, p, price, cost, tax, name),
            (VALUES (${o!.loc}::int, 0, 1), (${o!.to}::int, 1, 0)) l(loc, i, o) ORDER BY x.p, l.loc
          ON CONFLICT (company_id, product_id, location_id, day) DO UPDATE SET qty_in = stock_day_totals.qty_in + excluded.qty_in,
            qty_out = stock_day_totals.qty_out + excluded.qty_out, value_in = stock_day_totals.value_in + excluded.value_in,
            value_out = stock_day_totals.value_out + excluded.value_out, moves = stock_day_totals.moves + 1),
        so AS (INSERT INTO sales_orders (company_id, customer_id, order_date, location_id, price_list_id, payment_method, items, discount, subtotal, tax_amount, total_amount,
            paid_amount, due_amount, payment_status, status, session_id, branch_id, created_by, updated_by)
          VALUES (${c}, ${o!.customer}, ${date}, ${o!.loc}, ${o!.list}, 'cash', ${items}::jsonb, 0, ${sub.toFixed(4)}, ${taxTotal.toFixed(4)}, ${total}, 0, ${total}, 'unpaid', 'draft',
            ${session}, ${t.branchId}, ${u}, ${u}) RETURNING id),
        sl AS (INSERT INTO sales_order_lines (company_id, order_id, line_no, order_date, customer_id, product_id, uom_id, description, quantity, base_quantity, price, subtotal, tax_id, tax_amount)
          SELECT ${c}, so.id, x.n, ${date}, ${o!.customer}, x.p, ${o!.uom}, x.name, 1, 1, x.price, x.price, ${tax!.id}, x.tax FROM so, (VALUES ${vals}) x(n, p, price, cost, tax, name))
        SELECT id FROM so`)).rows as { id: number }[])[0]!.id;
      // (3) numbers, chains, entries, balances, the order completed and paid, delivery, moves, layers, invoice, payment, money row, audit, key
      await run(sql`
        WITH n AS (UPDATE doc_sequences SET next_value = next_value + 1 WHERE company_id = ${c} AND fiscal_year = ${fy}
            AND doc_type IN ('bench-raw-order', 'bench-raw-delivery', 'bench-raw-invoice', 'bench-raw-stk', 'bench-raw-sal', 'bench-raw-csh')
            RETURNING doc_type, next_value - 1 AS n, prefix || '/' || ${fy}::text || '/' || lpad((next_value - 1)::text, 5, '0') AS number),
        d AS (SELECT max(number) FILTER (WHERE doc_type = 'bench-raw-order') AS so, max(number) FILTER (WHERE doc_type = 'bench-raw-delivery') AS del,
            max(number) FILTER (WHERE doc_type = 'bench-raw-invoice') AS inv,
            nextval(pg_get_serial_sequence('deliveries', 'id')) AS del_id, nextval(pg_get_serial_sequence('invoices', 'id')) AS inv_id,
            nextval(pg_get_serial_sequence('invoice_payments', 'id')) AS pay_id FROM n),
        head AS (SELECT journal_id, seq, last_hash FROM ledger_chains WHERE journal_id IN (${jStk}, ${jSal}, ${jCsh}) ORDER BY journal_id FOR UPDATE),
        h AS (SELECT x.k, x.j, x.total, x.src, n.n AS seq_no, n.number, head.seq + 1 AS seq, head.last_hash AS prev, nextval(pg_get_serial_sequence('journal_entries', 'id')) AS id,
            encode(sha256(convert_to(concat_ws('|', head.last_hash, n.n, ${date}::text, x.total::text), 'UTF8')), 'hex') AS hash
          FROM (VALUES (1, ${jStk}::int, 'bench-raw-stk', ${cogs}::numeric, 'delivery'), (2, ${jSal}::int, 'bench-raw-sal', ${total}::numeric, 'invoice'),
            (3, ${jCsh}::int, 'bench-raw-csh', ${total}::numeric, 'invoicePayment')) x(k, j, dt, total, src)
          JOIN head ON head.journal_id = x.j JOIN n ON n.doc_type = x.dt),
        ch AS (UPDATE ledger_chains SET seq = h.seq, last_hash = h.hash FROM h WHERE ledger_chains.journal_id = h.j),
        jl AS (SELECT h.k, h.id, h.j, l.n, l.a, l.dr, l.cr, l.label, l.contact FROM h JOIN (VALUES
            (1, 1, ${acc.cogs}::int, ${cogs}::numeric, 0::numeric, 'cost of sales', ${o!.customer}::int), (1, 2, ${acc.inv}::int, 0, ${cogs}::numeric, 'cost of sales', ${o!.customer}::int),
            (2, 1, ${acc.recv}::int, ${total}::numeric, 0, 'invoice', ${o!.customer}::int),
            ${sql.join(lines.map((p, i) => sql`(2, ${i + 2}::int, ${acc.rev}::int, 0::numeric, ${p.price}::numeric, ${p.name}::text, ${o!.customer}::int)`), sql`, `)},
            (2, 5, ${acc.tax}::int, 0, ${taxTotal.toFixed(4)}::numeric, 'tax', ${o!.customer}::int),
            (3, 1, ${acc.cash}::int, ${total}::numeric, 0, 'payment', NULL::int), (3, 2, ${acc.recv}::int, 0, ${total}::numeric, 'payment', ${o!.customer}::int)
          ) l(k, n, a, dr, cr, label, contact) ON l.k = h.k),
        e AS (INSERT INTO journal_entries (id, company_id, journal_id, date, reference, lines, total_debit, total_credit, number, sequence_no, fiscal_year, source_type, source_id,
            chain_seq, prev_hash, hash, status, posted_at, created_by, updated_by)
          SELECT h.id, ${c}, h.j, ${date}, CASE h.k WHEN 1 THEN d.del ELSE d.inv END,
            (SELECT jsonb_agg(jsonb_build_object('accountId', jl.a, 'debit', jl.dr, 'credit', jl.cr, 'label', jl.label, 'contactId', jl.contact) ORDER BY jl.n) FROM jl WHERE jl.k = h.k),
            h.total, h.total, h.number, h.seq_no, ${fy}, h.src, CASE h.k WHEN 1 THEN d.del_id WHEN 2 THEN d.inv_id ELSE d.pay_id END,
            h.seq, h.prev, h.hash, 'posted', now(), ${u}, ${u} FROM h, d RETURNING id),
        li AS (INSERT INTO journal_lines (company_id, entry_id, journal_id, line_no, date, account_id, contact_id, debit, credit, label)
          SELECT ${c}, jl.id, jl.j, jl.n, ${date}, jl.a, jl.contact, jl.dr, jl.cr, jl.label FROM jl JOIN e ON e.id = jl.id),
        b AS (SELECT a, sum(dr) AS dr, sum(cr) AS cr FROM jl GROUP BY a ORDER BY a),
        mo AS (INSERT INTO account_balances (company_id, account_id, month, debit, credit) SELECT ${c}, a, date_trunc('month', ${date}::date)::date, dr, cr FROM b
          ON CONFLICT (company_id, account_id, month) DO UPDATE SET debit = account_balances.debit + excluded.debit, credit = account_balances.credit + excluded.credit),
        dy AS (INSERT INTO account_day_balances (company_id, account_id, day, debit, credit) SELECT ${c}, a, ${date}, dr, cr FROM b
          ON CONFLICT (company_id, account_id, day) DO UPDATE SET debit = account_day_balances.debit + excluded.debit, credit = account_day_balances.credit + excluded.credit),
        so AS (UPDATE sales_orders SET number = d.so, status = 'completed', paid_amount = ${total}, due_amount = 0, payment_status = 'paid', invoice_id = d.inv_id, delivery_id = d.del_id,
            version = version + 3, updated_at = now(), updated_by = ${u} FROM d WHERE sales_orders.id = ${orderId}),
        dl AS (INSERT INTO deliveries (id, company_id, number, order_sequence, destination_type, destination_contact_id, delivery_date, location_id, items, total_cost, entry_id, status, created_by, updated_by)
          SELECT d.del_id, ${c}, d.del, d.so, 'customer', ${o!.customer}, ${date}, ${o!.loc}, ${items}::jsonb, ${cogs}, (SELECT id FROM h WHERE k = 1), 'done', ${u}, ${u} FROM d),
        mv AS (INSERT INTO stock_moves (company_id, date, reference, move_type, product_id, from_location_id, to_location_id, quantity, uom_id, uom_quantity, unit_cost, value,
            source_type, source_id, entry_id, created_by, updated_by)
          SELECT ${c}, ${date}, d.del, 'outgoing', x.p, ${o!.loc}, ${o!.to}, 1, ${o!.uom}, 1, x.cost, x.cost, 'delivery', d.del_id, (SELECT id FROM h WHERE k = 1), ${u}, ${u}
          FROM d, (VALUES ${vals}) x(n, p, price, cost, tax, name) RETURNING id, product_id, value),
        vl AS (INSERT INTO stock_valuation_layers (company_id, date, product_id, move_id, quantity, unit_cost, value, remaining_qty, remaining_value, account_id, created_by, updated_by)
          SELECT ${c}, ${date}, mv.product_id, mv.id, -1, mv.value, -mv.value, 0, 0, ${acc.inv}, ${u}, ${u} FROM mv),
        iv AS (INSERT INTO invoices (id, company_id, type, number, partner_id, date, payment_term_days, due_date, journal_id, reference, lines, discount, subtotal, tax_amount, total_amount,
            paid_amount, due_amount, credited_amount, entry_id, status, issued_at, created_by, updated_by)
          SELECT d.inv_id, ${c}, 'SALE', d.inv, ${o!.customer}, ${date}, 0, ${date}, ${jSal}, d.so, ${items}::jsonb, 0, ${sub.toFixed(4)}, ${taxTotal.toFixed(4)}, ${total},
            ${total}, 0, 0, (SELECT id FROM h WHERE k = 2), 'PAID', now(), ${u}, ${u} FROM d),
        pa AS (INSERT INTO invoice_payments (id, company_id, invoice_id, date, amount, journal_id, account_id, reference, entry_id, created_by, updated_by)
          SELECT d.pay_id, ${c}, d.inv_id, ${date}, ${total}, ${jCsh}, ${acc.cash}, d.so, (SELECT id FROM h WHERE k = 3), ${u}, ${u} FROM d),
        pp AS (INSERT INTO pos_payments (company_id, session_id, order_id, method, amount, tendered) VALUES (${c}, ${session}, ${orderId}, 'cash', ${total}, ${TENDERED})),
        au AS (INSERT INTO audit_log (company_id, entity, record_id, action, user_id, request_key, after)
          SELECT ${c}, x.entity, x.id, x.action, ${u}, ${key}, jsonb_build_object('number', d.so, 'total', ${total}::numeric) FROM d, (VALUES
            ('salesOrder', ${orderId}::int, 'create'), ('salesOrder', ${orderId}::int, 'confirm'), ('salesOrder', ${orderId}::int, 'pay'), ('salesOrder', ${orderId}::int, 'pay'),
            ('delivery', -1, 'create'), ('delivery', -1, 'validate'), ('invoice', -2, 'create'), ('invoice', -2, 'confirm'), ('invoice', -2, 'recordPayment'),
            ('journalEntry', -3, 'post'), ('journalEntry', -4, 'post'), ('journalEntry', -5, 'post')) x0(entity, rid, action),
            LATERAL (SELECT x0.entity, x0.action, CASE x0.rid WHEN -1 THEN d.del_id::int WHEN -2 THEN d.inv_id::int WHEN -3 THEN (SELECT id FROM h WHERE k = 1)::int
              WHEN -4 THEN (SELECT id FROM h WHERE k = 2)::int WHEN -5 THEN (SELECT id FROM h WHERE k = 3)::int ELSE x0.rid END AS id) x)
        INSERT INTO idempotency_keys (company_id, key, request_hash, status_code, response)
        SELECT ${c}, ${key}, md5(${key}), 201, jsonb_build_object('order', jsonb_build_object('id', ${orderId}::int, 'number', d.so, 'totalAmount', ${total}::text))::text FROM d`, true);
    });
    return true;
  };
}
