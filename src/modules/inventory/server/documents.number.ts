import { fiscalYearOf, nextNumber } from '../../../core/db/sequences';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { loadSettings } from '../../accounting';

/**
 * Stock document numbers (invariant 4): unique and gapless per (company, document type, fiscal year), taken only
 * in the transaction that approves / validates / confirms the document, right after its row lock and before the
 * stock ledger's locks (lock order: document row -> document counter -> quants -> accounts -> journal).
 */
export const DOC_PREFIX = { receipt: 'REC', delivery: 'DEL', transfer: 'TRF', scrap: 'SCR', stockAdjustment: 'ADJ' } as const;
export type StockDocType = keyof typeof DOC_PREFIX;

export async function docNumber(tx: Tx, ctx: Ctx, type: StockDocType, date: string): Promise<string> {
  return (await lateDocNumber(tx, ctx, type, date))();
}

/**
 * The number's fiscal year read now (no lock), the counter taken when the answer is called: postStock calls it
 * once the stock locks are held (LateReference), so deliveries hold their counter only by the end of the posting.
 * Lock order then: document row -> quants -> products and layers -> this counter -> accounts -> journal.
 */
export async function lateDocNumber(tx: Tx, ctx: Ctx, type: StockDocType, date: string): Promise<() => Promise<string>> {
  const s = await loadSettings(tx, ctx.companyId);
  const fy = fiscalYearOf(date, s.fiscalYearStartMonth, s.fiscalYearStartDay);
  return async () => (await nextNumber(tx, ctx.companyId, type, fy, DOC_PREFIX[type])).formatted;
}
