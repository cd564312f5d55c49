import type Decimal from 'decimal.js';
import type { Orm } from '../db/connect';
import type { Ctx } from '../http/context';
import type { Label } from '../i18n/locale';

/**
 * The one shape every report of every module answers with, so JSON, Excel and PDF output are generic.
 * Money and quantities are decimal strings (never floats); `kind` says how a column is shown and exported.
 */
export interface Column { key: string; label: Label; kind: 'text' | 'money' | 'qty' | 'date' | 'int' }
export interface ReportData {
  name: string;
  title: Label;
  /** The parameters the report ran with; `from`/`to` head the PDF. */
  params: { from?: string | null; to?: string | null };
  columns: Column[];
  rows: Record<string, unknown>[];
  totals?: Record<string, unknown>;
  summary?: Record<string, unknown>;
  page?: { page: number; pageSize: number; total: number };
}
export interface ReportDef<P> {
  name: string;
  title: Label;
  /** The parameters beyond the period this report filters by: its PDF names those chosen (core/http/report-heading.ts). */
  applies?: (keyof P & string)[];
  run(db: Orm, ctx: Ctx, p: P): Promise<ReportData>;
  /**
   * Optional, for reports that can be long: every row of the report in its order, in batches of at most `batch`
   * rows, each read when the one before has been used, so a PDF holds one batch at a time. `run` with
   * `pageSize: 0` then gives the rest (title, columns, totals, the count in `page.total`) and no rows.
   */
  rowBatches?(db: Orm, ctx: Ctx, p: P, batch: number): AsyncIterable<Record<string, unknown>[]>;
}

export const L = (en: string, ar: string): Label => ({ en, ar });
export const money = (d: Decimal, dp = 2) => d.toFixed(dp);
export const nameIn = (a: { nameEn: string; nameAr: string }, ctx: Pick<Ctx, 'locale'>) => (ctx.locale === 'ar' ? a.nameAr || a.nameEn : a.nameEn);
export const col = (key: string, en: string, ar: string, kind: Column['kind'] = 'money'): Column => ({ key, label: L(en, ar), kind });
