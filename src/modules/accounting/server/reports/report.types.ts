import type Decimal from 'decimal.js';
import type { Orm } from '../../../../core/db/connect';
import type { Ctx } from '../../../../core/http/context';
import type { Label } from '../../../../core/i18n/locale';
import type { ReportParams } from './report-params';

/** The one shape every report answers with, so JSON, Excel and PDF output are generic. Money is decimal strings. */
export interface Column { key: string; label: Label; kind: 'text' | 'money' | 'date' | 'int' }
export interface ReportData {
  name: string;
  title: Label;
  params: Partial<ReportParams>;
  columns: Column[];
  rows: Record<string, unknown>[];
  totals?: Record<string, unknown>;
  summary?: Record<string, unknown>;
  page?: { page: number; pageSize: number; total: number };
}
export interface ReportDef { name: string; title: Label; run(db: Orm, ctx: Ctx, p: ReportParams): Promise<ReportData> }

export const L = (en: string, ar: string): Label => ({ en, ar });
export const money = (d: Decimal, dp = 2) => d.toFixed(dp);
export const nameIn = (a: { nameEn: string; nameAr: string }, ctx: Ctx) => (ctx.locale === 'ar' ? a.nameAr || a.nameEn : a.nameEn);
export const col = (key: string, en: string, ar: string, kind: Column['kind'] = 'money'): Column => ({ key, label: L(en, ar), kind });
