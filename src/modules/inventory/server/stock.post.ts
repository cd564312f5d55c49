import Decimal from 'decimal.js';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { loadSettings, postEntry } from '../../accounting';
import { loadInventorySettings } from './inventory-settings.service';
import { m4 } from './stock.costing';
import { cleanLines, stockError } from './stock.input';
import { checkSerialsIn, loadLines } from './stock.load';
import { sm } from './stock.messages';
import { allocate } from './stock.quants';
import type { StockPostInput, StockPostResult } from './stock.types';
import { valueMoves } from './stock.valuation';
import { insertMoves, writeBalances } from './stock.write';

export type { CounterKind, StockLineInput, StockMoveResult, StockMoveType, StockPostInput, StockPostResult } from './stock.types';

/**
 * The one way stock moves (invariants 5 and 6), inside the caller's transaction so a refusal leaves nothing
 * behind. Order of work and locks, the same for every poster so crossing documents never deadlock:
 *   checks (shape, lock date, settings, locations, products, units) -> lots (found or created, sorted; serials
 *   coming in locked by id) -> quants (created if missing, then locked in one statement by product, location,
 *   lot) -> quantity checks ("Quantity Not Available") -> valued products and their open layers (ascending) ->
 *   costing -> remaining of consumed layers, quants, day totals (sorted) -> a late document number (LateReference)
 *   -> postEntry (accounts, journal chain,
 *   ledger balances) -> the moves with their entry id and their new layers (new rows only, so the per-journal
 *   lock of postEntry is held for one more statement and moves are never updated).
 */
export interface LateReference {
  /**
   * Takes the document's number as the reference once every stock lock is held, just before the journal entry:
   * a gapless counter is then held only by the end of the posting instead of all of it (lock order: quants ->
   * products and layers -> this counter -> accounts -> journal). Replaces input.reference.
   */
  reference?: () => Promise<string>;
}

export async function postStock(tx: Tx, ctx: Ctx, stockInput: StockPostInput, late: LateReference = {}): Promise<StockPostResult> {
  let input = stockInput;
  const L = ctx.locale;
  const { date, lines: clean } = cleanLines(input, L);
  const acc = await loadSettings(tx, ctx.companyId);
  if (acc.lockDate && date <= acc.lockDate) throw stockError(sm.dateLocked, { date, lockDate: acc.lockDate }, L, 'date');
  const s = await loadInventorySettings(tx, ctx.companyId);

  const lines = await loadLines(tx, ctx, clean, s);
  await checkSerialsIn(tx, ctx, lines);
  const { moves, deltas } = await allocate(tx, ctx, lines, s.allowNegativeStock);
  const valuation = await valueMoves(tx, ctx, input, moves, s, acc);
  const journalId = input.journalId ?? s.journalId;
  if (!new Decimal(valuation.total).isZero() && !journalId) throw stockError(sm.journalMissing, {}, L, 'journalId');

  await writeBalances(tx, ctx, date, moves, deltas, valuation);
  if (late.reference) input = { ...input, reference: await late.reference() };
  let entry = null;
  if (!new Decimal(valuation.total).isZero()) {
    entry = await postEntry(tx, ctx, {
      journalId: journalId!, date, reference: input.reference, source: input.source,
      lines: valuation.lines.map((l) => ({ ...l, contactId: input.contactId ?? null, label: String(input.reference ?? '').slice(0, 500) || null })),
    });
  }
  const moveIds = await insertMoves(tx, ctx, input, date, moves, valuation, entry?.id ?? null);
  const result = moves.map((m, i) => ({
    id: moveIds[i]!, productId: m.line.productId, lotId: m.lotId, fromLocationId: m.line.fromLocationId, toLocationId: m.line.toLocationId,
    quantity: m.qty, unitCost: valuation.moveValues[i]!.unitCost, value: valuation.moveValues[i]!.value,
  }));
  const totalValue = m4(result.reduce((t, m) => t.plus(m.value), new Decimal(0)));
  return { moves: result, totalValue, entry };
}
