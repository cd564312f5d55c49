import { type BaseReportParams, parseBaseParams, queryReader } from '../../../../core/documents/report-params';
import type { ReportFilter } from '../../../../core/http/report-heading';
import { am } from '../messages';

/** Accounting report parameters: the shared ones (core/documents/report-params.ts) plus account, journal, contact. */
export { addDays, type Period, periodsBetween } from '../../../../core/documents/report-params';
export interface ReportParams extends BaseReportParams {
  accountId: number | null; journalId: number | null; contactId: number | null;
}

/** What a PDF names under its title: the account, journal and contact chosen (those its report applies). */
export function accountingFilters(p: ReportParams): ReportFilter[] {
  return [
    { param: 'accountId', label: { en: 'Account', ar: 'الحساب' }, entity: 'account', id: p.accountId },
    { param: 'journalId', label: { en: 'Journal', ar: 'دفتر اليومية' }, entity: 'journal', id: p.journalId },
    { param: 'contactId', label: { en: 'Contact', ar: 'جهة الاتصال' }, entity: 'contact', id: p.contactId },
  ];
}

export function parseParams(q: Record<string, unknown>, today: string): ReportParams {
  const r = queryReader(q, am.badReportParam);
  return { ...parseBaseParams(r, today), accountId: r.id('accountId'), journalId: r.id('journalId'), contactId: r.id('contactId') };
}
