import { type SQL, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { execPrepared } from '../../../core/db/prepared';
import { formatNumberSql, takeNumberSql } from '../../../core/db/sequences';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { postEntry } from '../../accounting';
import { m4 } from './stock.costing';
import { cleanLines, stockError } from './stock.input';
import { type Refs, checkSerialsIn, covers, loadLines, lockProducts, readRefs, refIdsOf } from './stock.load';
import { sm } from './stock.messages';
import { allocate, lockStock } from './stock.quants';
import type { StockMoveResult, StockPostInput, StockPostResult } from './stock.types';
import { valueMoves, valuedProductsOf } from './stock.valuation';
import { balancesSql, dayTotalsSql, movesSql } from './stock.write';

export type { CounterKind, StockLineInput, StockMoveResult, StockMoveType, StockPostInput, StockPostResult } from './stock.types';

/**
 * The one way stock moves (invariants 5 and 6), inside the caller's transaction so a refusal leaves nothing
 * behind. Order of work and locks, the same for every poster so crossing documents never deadlock:
 *   one read (settings, locations, products, units, lots by id) that also locks the valued products (ascending)
 *   -> the checks (shape, lock date, settings, locations, products, units) -> lots by name (found or created,
 *   sorted; serials coming in locked by id) -> quants (created if missing, then locked by product, location, lot)
 *   and the valued products' open layers, in one statement -> quantity checks ("Quantity Not Available") ->
 *   costing -> day totals (sorted; their own statement, so their trigger's work is not done under the journal's
 *   chain, sent in one message with the next: LateWrite.lead) -> ONE statement (stock.write.ts): the journal
 *   entry's checks (accounts locked shared), remaining of consumed layers, quants, then the journal's chain, a late
 *   document number (PostOptions.number), the entry and ledger balances (postEntry), the moves with their entry id
 *   and their new layers (new rows only), and the caller's own rows (`finish`); with `commit`, its COMMIT too.
 * So a valued posting is 3 round trips (more with lots by name or serials) and its hot locks, the journal's chain
 * and a document's counter, are held by its last statement and the commit only. Statements whose text does not
 * grow with the lines are named prepared statements (execPrepared).
 */
export interface PostOptions {
  /**
   * The document's gapless number, taken under the journal's lock by the statement that writes the entry and made
   * the reference of the entry, its lines and the moves (replaces input.reference): a hot document counter is then
   * held by that statement and the commit only (the late document counter of
   * core/db/lock-order.ts). `<prefix>/<fiscal year>/<00001>`.
   */
  number?: { docType: string; prefix: string; fiscalYear: number };
  /** What readRefs read earlier in this transaction (a document that checked its lines on create); read again if it does not cover the lines. */
  refs?: Refs;
  /**
   * The caller's rows written by that same last statement (e.g. the document's own row, through crud.service's
   * TransitionWrite), given the moves' values: CTEs that may read `posted` (entry_id, entry_number, reference;
   * one row once written), columns of the answer and FROM items joined to it. Their columns come back in `row`.
   */
  finish?: (r: { moves: Omit<StockMoveResult, 'id'>[]; totalValue: string }) => { ctes: SQL; select?: SQL; join?: SQL };
  /**
   * The last statement is the transaction's last write and commits it (LateWrite.commit, execPrepared): the caller
   * runs its transaction again without it when that throws CommitRefused.
   */
  commit?: boolean;
}

export async function postStock(tx: Tx, ctx: Ctx, input: StockPostInput, opts: PostOptions = {}): Promise<StockPostResult & { row: Record<string, unknown> }> {
  const L = ctx.locale;
  const { date, lines: clean } = cleanLines(input, L);
  const ids = refIdsOf(clean);
  const refs = opts.refs && covers(opts.refs, ids) ? opts.refs : await readRefs(tx, ctx.companyId, ids, { lock: { moves: clean } });
  const { acc, inv: s } = refs;
  if (acc.lockDate && date <= acc.lockDate) throw stockError(sm.dateLocked, { date, lockDate: acc.lockDate }, L, 'date');

  const lines = await loadLines(tx, ctx, clean, refs);
  const valuedProducts = valuedProductsOf(lines);
  const unlocked = valuedProducts.filter((p) => !refs.locked.has(p));
  if (unlocked.length) await lockProducts(tx, ctx.companyId, unlocked);
  await checkSerialsIn(tx, ctx, lines);
  const locked = await lockStock(tx, ctx, lines, valuedProducts);
  const { moves, deltas } = allocate(ctx, lines, locked, s.allowNegativeStock, input.moveType !== 'adjustment' && input.moveType !== 'scrap');
  const valuation = await valueMoves(tx, ctx, input, moves, s, acc, locked.layers);
  const journalId = input.journalId ?? s.journalId;
  const valued = !new Decimal(valuation.total).isZero();
  if (valued && !journalId) throw stockError(sm.journalMissing, {}, L, 'journalId');

  const balances = balancesSql(ctx, deltas, valuation);
  const days = dayTotalsSql(ctx, date, moves, valuation);
  const results = moves.map((m, i) => ({
    productId: m.line.productId, lotId: m.lotId, fromLocationId: m.line.fromLocationId, toLocationId: m.line.toLocationId,
    quantity: m.qty, unitCost: valuation.moveValues[i]!.unitCost, value: valuation.moveValues[i]!.value,
  }));
  const totalValue = m4(results.reduce((t, m) => t.plus(m.value), new Decimal(0)));
  const mv = movesSql(ctx, input, date, moves, valuation);
  const fin = opts.finish?.({ moves: results, totalValue });
  const ctes = sql`${mv.ctes}${fin ? sql`, ${fin.ctes}` : sql``}`;
  const select = sql`${mv.select}${fin?.select ? sql`, ${fin.select}` : sql``}`;
  let entry = null;
  let row: Record<string, unknown>;
  if (valued) {
    const label = opts.number ? null : String(input.reference ?? '').slice(0, 500) || null;
    entry = await postEntry(tx, ctx, {
      journalId: journalId!, date, reference: opts.number ? null : input.reference, source: input.source,
      lines: valuation.lines.map((l) => ({ ...l, contactId: input.contactId ?? null, label })),
    }, {
      late: {
        before: balances ?? undefined,
        // the day totals: their own statement, so their trigger's work is done before the entry's statement locks
        // the journal's chain, sent in the posting's message (no round trip between the two)
        lead: days,
        reference: opts.number && { ...opts.number, labelLines: true },
        ctes: sql`posted AS (SELECT id AS entry_id, number AS entry_number, reference FROM entries), ${ctes}`, select, join: fin?.join,
        commit: opts.commit,
      },
    });
    row = entry.row;
  } else {
    // Nothing valued, no entry: the number (if any) and the rows in one statement of their own.
    const n = opts.number;
    const reference = n ? sql`(SELECT ${formatNumberSql(sql`docnum.prefix`, sql`${n.fiscalYear}::int`, sql`docnum.value`)} FROM docnum)` : sql`${input.reference ?? null}::text`;
    const names = [...(balances?.names ?? []), 'bal_days'];
    const r = await execPrepared(tx, sql`WITH ready AS (SELECT 1), ${balances ? sql`${balances.ctes}, ` : sql``}bal_days AS (${days} RETURNING 1),
      ${n ? sql`docnum AS (${takeNumberSql(ctx.companyId, n.docType, n.fiscalYear, n.prefix, { after: sql`(SELECT 1 WHERE ${sql.raw(names.map((b) => `(SELECT count(*) FROM ${b}) >= 0`).join(' AND '))}) AS balanced` })}), ` : sql``}
      posted AS (SELECT NULL::int AS entry_id, NULL::text AS entry_number, ${reference} AS reference), ${ctes}
      SELECT ${select} FROM posted${fin?.join ? sql` LEFT JOIN ${fin.join} ON true` : sql``}`, { commit: opts.commit });
    row = r.rows[0] as Record<string, unknown>;
  }
  const moveIds = row.__move_ids as number[];
  return { moves: results.map((m, i) => ({ id: Number(moveIds[i]), ...m })), totalValue, entry, row };
}
