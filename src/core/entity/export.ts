import type { AnyEntity } from './define';
import type { Ctx } from '../http/context';
import { allRecords } from './crud.read';
import { tr } from '../i18n/locale';
import { workbook } from '../documents/xlsx';
import { exportColumns } from '../import/columns';

/**
 * The filtered list of an entity as an Excel file, columns and values in the caller's language: the list's columns
 * and the natural key (core/import/columns.ts), so the file can be imported back (changing nothing).
 */
export async function exportList(ctx: Ctx, def: AnyEntity, query: Record<string, unknown>): Promise<Buffer> {
  return exportRows(ctx, def, await allRecords(ctx, def, query), exportColumns(def));
}

/** Rows of `def` (as the list answers them, computed columns included) as an Excel file of the columns `cols`. */
export async function exportRows(ctx: Ctx, def: AnyEntity, rows: Record<string, unknown>[], cols: string[]): Promise<Buffer> {
  const yes = ctx.locale === 'ar' ? 'نعم' : 'Yes';
  const no = ctx.locale === 'ar' ? 'لا' : 'No';
  const out = rows.map((r) => {
    const o: Record<string, unknown> = {};
    for (const k of cols) {
      const fl = def.fields[k]!;
      const v = r[k];
      if (v === null || v === undefined) o[k] = null;
      else if (fl.kind === 'boolean') o[k] = v ? yes : no;
      else if (fl.kind === 'enum') o[k] = tr(fl.options.find((x) => x.value === v)?.label ?? { en: String(v), ar: String(v) }, ctx.locale);
      else if (fl.kind === 'ref') o[k] = (r._refs as Record<string, unknown> | undefined)?.[k] ?? v;
      else if (fl.kind === 'decimal' || fl.kind === 'integer') o[k] = Number(v);
      else o[k] = v;
    }
    return o;
  });
  return workbook([{
    name: tr(def.pluralLabel, ctx.locale),
    columns: cols.map((k) => ({ header: tr(def.fields[k]!.label, ctx.locale), key: k, numFmt: def.fields[k]!.kind === 'decimal' ? '#,##0.00' : undefined })),
    rows: out,
  }], ctx.locale);
}
