import type { SheetSpec } from '../../../../core/documents/xlsx';
import { type Locale, tr } from '../../../../core/i18n/locale';
import type { ReportData } from './report.types';

/** A report as an Excel sheet: labels in the caller's language, money as numbers with two decimals. */
export function reportSheet(d: ReportData, locale: Locale): SheetSpec {
  const rows = [...d.rows, ...(d.totals ? [d.totals] : [])].map((r) => {
    const out: Record<string, unknown> = { ...r };
    for (const c of d.columns) if (c.kind === 'money' && typeof r[c.key] === 'string' && r[c.key] !== '') out[c.key] = Number(r[c.key]);
    return out;
  });
  return {
    name: tr(d.title, locale),
    columns: d.columns.map((c) => ({ header: tr(c.label, locale), key: c.key, width: c.kind === 'text' ? 30 : 16, numFmt: c.kind === 'money' ? '#,##0.00' : undefined })),
    rows,
  };
}
