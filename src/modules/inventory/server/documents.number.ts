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
  const s = await loadSettings(tx, ctx.companyId);
  const fy = fiscalYearOf(date, s.fiscalYearStartMonth, s.fiscalYearStartDay);
  return (await nextNumber(tx, ctx.companyId, type, fy, DOC_PREFIX[type])).formatted;
}
