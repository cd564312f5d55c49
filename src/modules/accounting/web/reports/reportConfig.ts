/** Which filters and downloads each report screen offers (what the server route accepts for it). */
export type Filter = 'from' | 'to' | 'period' | 'account' | 'journal' | 'contact';

export interface ReportConfig {
  /** Server report name (GET /api/accounting/reports/<name>). */
  name: string;
  filters: Filter[];
  paged?: boolean;
  /** Report names for the combined two-sheet workbook, when offered. */
  combined?: string;
  chart?: boolean;
  /** Trial balance: switch between leaf accounts and the whole tree. */
  detailToggle?: boolean;
}

export const REPORT_CONFIGS: Record<string, ReportConfig> = {
  'trial-balance': { name: 'trial-balance', filters: ['from', 'to', 'journal', 'contact'], combined: 'trial-balance,detailed-trial-balance', detailToggle: true },
  'detailed-trial-balance': { name: 'detailed-trial-balance', filters: ['from', 'to', 'journal', 'contact'], combined: 'trial-balance,detailed-trial-balance', detailToggle: true },
  'general-ledger': { name: 'general-ledger', filters: ['from', 'to', 'account', 'journal', 'contact'], paged: true },
  'balance-sheet': { name: 'balance-sheet', filters: ['from', 'to', 'period'], combined: 'balance-sheet,income-statement' },
  'income-statement': { name: 'income-statement', filters: ['from', 'to', 'period'], combined: 'balance-sheet,income-statement', chart: true },
  'cash-flow-statement': { name: 'cash-flow-statement', filters: ['from', 'to'] },
  'accounts-receivable-aging': { name: 'accounts-receivable-aging', filters: ['to', 'contact'] },
};

export const REPORT_SLUGS = Object.keys(REPORT_CONFIGS);
