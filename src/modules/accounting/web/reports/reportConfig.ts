import type { ReportConfig, ReportFilter } from '../../../../web/reports/types';

/** Which filters and downloads each accounting report screen offers (what the server route accepts for it). */
export interface AccountingReportConfig extends ReportConfig {
  /** Income statement: income vs expense chart. */
  chart?: boolean;
  /** Trial balance: switch between leaf accounts and the whole tree. */
  detailToggle?: boolean;
}

const account: ReportFilter = { param: 'accountId', label: 'reports.account', ref: 'account' };
const journal: ReportFilter = { param: 'journalId', label: 'reports.journal', ref: 'journal' };
const contact: ReportFilter = { param: 'contactId', label: 'reports.contact', ref: 'contact' };

export const REPORT_CONFIGS: Record<string, AccountingReportConfig> = {
  'trial-balance': { name: 'trial-balance', filters: ['from', 'to', journal, contact], combined: 'trial-balance,detailed-trial-balance', detailToggle: true },
  'detailed-trial-balance': { name: 'detailed-trial-balance', filters: ['from', 'to', journal, contact], combined: 'trial-balance,detailed-trial-balance', detailToggle: true },
  'general-ledger': { name: 'general-ledger', filters: ['from', 'to', account, journal, contact], paged: true },
  'balance-sheet': { name: 'balance-sheet', filters: ['from', 'to', 'period'], combined: 'balance-sheet,income-statement' },
  'income-statement': { name: 'income-statement', filters: ['from', 'to', 'period'], combined: 'balance-sheet,income-statement', chart: true },
  'cash-flow-statement': { name: 'cash-flow-statement', filters: ['from', 'to'] },
  'accounts-receivable-aging': { name: 'accounts-receivable-aging', filters: ['to', contact] },
};

export const REPORT_SLUGS = Object.keys(REPORT_CONFIGS);
