import { fiscalYearOf, nextNumber } from '../../../core/db/sequences';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { loadSettings } from '../../accounting';

/**
 * Stock document numbers (invariant 4): unique and gapless per (company, document type, fiscal year), taken only
 * in the transaction that approves / validates / confirms the document, right after its row lock and before the
 * stock ledger's locks (lock order: core/db/lock-order.ts).
 */
export const DOC_PREFIX = { receipt: 'REC', delivery: 'DEL', transfer: 'TRF', scrap: 'SCR', stockAdjustment: 'ADJ' } as const;
export type StockDocType = keyof typeof DOC_PREFIX;

export async function docNumber(tx: Tx, ctx: Ctx, type: StockDocType, date: string): Promise<string> {
  const s = await loadSettings(tx, ctx.companyId);
  return (await nextNumber(tx, ctx.companyId, type, fiscalYearOf(date, s.fiscalYearStartMonth, s.fiscalYearStartDay), DOC_PREFIX[type])).formatted;
}

/**
 * The number postStock takes itself (PostOptions.number), in the statement that writes the journal entry, once the
 * journal's chain is locked: deliveries, the hot document, hold their counter only by that statement and the
 * commit (the late document counter of core/db/lock-order.ts). The fiscal year comes from the accounting settings already read.
 */
export function lateNumber(type: StockDocType, date: string, acc: { fiscalYearStartMonth: number; fiscalYearStartDay: number }) {
  return { docType: type, prefix: DOC_PREFIX[type], fiscalYear: fiscalYearOf(date, acc.fiscalYearStartMonth, acc.fiscalYearStartDay) };
}
