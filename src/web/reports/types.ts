import type { Label } from '../../core/i18n/locale';

/** The JSON every report route answers with (see src/core/documents/report.types.ts). Money and quantities are decimal strings. */
export interface ReportColumn { key: string; label: Label; kind: 'text' | 'money' | 'qty' | 'date' | 'int' }
export interface ReportJson {
  name: string;
  title: Label;
  columns: ReportColumn[];
  rows: Record<string, unknown>[];
  totals?: Record<string, unknown>;
  summary?: Record<string, unknown>;
  page?: { page: number; pageSize: number; total: number };
  /** The parameters the report ran with, defaults filled (e.g. `from` at the fiscal year start). */
  params?: { from?: string | null; to?: string | null };
  /** The instant the data is as of (ISO): a replica's last replayed commit, or when the primary was read. */
  asOf?: string;
}

/** A label from the i18n catalogue (a key such as 'reports.account') or a bilingual Label. */
export type Text = string | Label;

/**
 * Filters a report screen offers: the date range and period, and its own parameters. `main`: a parameter the report
 * needs to show anything (the customer of a statement) stays beside the dates, never folded behind "Filters".
 */
export type ReportFilter =
  | 'from' | 'to' | 'period'
  | ({ param: string; label: Text; main?: boolean } & (
    | { ref: string; refFilters?: Record<string, string> }
    | { options: { value: string; label: Label }[]; placeholder?: Text }
    | { number: { min: number; max: number; placeholder?: string } }));

export interface ReportConfig {
  /** Server report name (GET <api>/<name>). */
  name: string;
  filters: ReportFilter[];
  paged?: boolean;
  /** Report names for the combined two-sheet workbook, when offered. */
  combined?: string;
}

/** What a module's report screens share: where the reports live and the messages of their downloads. */
export interface ReportModule<C extends ReportConfig = ReportConfig> {
  /** e.g. '/api/inventory/reports' */
  api: string;
  configs: Record<string, C>;
  fallback: string;
  /**
   * The server picks `from` when it is left out (accounting: the start of the fiscal year containing `to`, from
   * the company's settings); the screen then sends none until the user picks one and shows the server's.
   * Otherwise the screen's default is 1 January of `to`'s year.
   */
  serverDefaultFrom?: boolean;
  texts?: { failed?: Text; pdfFailed?: Text; downloaded?: Text };
  /** Display text of a cell the server sends as a code (e.g. a cash flow activity). */
  cellText?: (column: ReportColumn, value: unknown) => string | undefined;
  /** Label of a summary figure; default `reports.summary.<key>`. */
  summaryLabel?: (key: string) => Text | undefined;
}
