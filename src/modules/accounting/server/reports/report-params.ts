import { type BaseReportParams, parseBaseParams, queryReader } from '../../../../core/documents/report-params';
import { am } from '../messages';

/** Accounting report parameters: the shared ones (core/documents/report-params.ts) plus account, journal, contact. */
export { addDays, type Period, periodsBetween } from '../../../../core/documents/report-params';
export interface ReportParams extends BaseReportParams {
  accountId: number | null; journalId: number | null; contactId: number | null;
}

export function parseParams(q: Record<string, unknown>, today: string): ReportParams {
  const r = queryReader(q, am.badReportParam);
  return { ...parseBaseParams(r, today), accountId: r.id('accountId'), journalId: r.id('journalId'), contactId: r.id('contactId') };
}
