import { type Locale, tr } from '../i18n/locale';
import type { ReportData } from './report.types';
import type { SheetSpec } from './xlsx';

/**
 * A report as an Excel sheet: labels in the caller's language, money and quantities as numbers (two decimals for
 * money, up to six for quantities), text through the workbook's formula-injection guard.
 */
const FORMATS: Partial<Record<ReportData['columns'][number]['kind'], string>> = { money: '#,##0.00', qty: '#,##0.######', int: '#,##0' };

export function reportSheet(d: ReportData, locale: Locale): SheetSpec {
  const numeric = d.columns.filter((c) => c.kind === 'money' || c.kind === 'qty');
  const rows = [...d.rows, ...(d.totals ? [d.totals] : [])].map((r) => {
    const out: Record<string, unknown> = { ...r };
    for (const c of numeric) if (typeof r[c.key] === 'string' && r[c.key] !== '') out[c.key] = Number(r[c.key]);
    return out;
  });
  return {
    name: tr(d.title, locale),
    columns: d.columns.map((c) => ({ header: tr(c.label, locale), key: c.key, width: c.kind === 'text' ? 30 : 16, numFmt: FORMATS[c.kind] })),
    rows,
  };
}
