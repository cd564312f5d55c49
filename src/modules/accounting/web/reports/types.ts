import type { Label } from '../../../../core/i18n/locale';

/** The JSON every report route answers with (see server/reports/report.types.ts). Money is decimal strings. */
export interface ReportColumn { key: string; label: Label; kind: 'text' | 'money' | 'date' | 'int' }
export interface ReportJson {
  name: string;
  title: Label;
  columns: ReportColumn[];
  rows: Record<string, unknown>[];
  totals?: Record<string, unknown>;
  summary?: Record<string, unknown>;
  page?: { page: number; pageSize: number; total: number };
}
