import type { AnyEntity } from '../entity/define';
import type { Locale } from '../i18n/locale';
import { tr } from '../i18n/locale';
import { workbook } from '../documents/xlsx';
import { templateColumns } from './columns';

/**
 * The import template of an entity: one sheet, a header row in the chosen language (either is accepted back),
 * the export's columns first (core/entity/export.ts writes the same ones), then every other importable column,
 * required ones marked with an asterisk (a marker the header matching ignores).
 */
export function templateWorkbook(def: AnyEntity, locale: Locale): Promise<Buffer> {
  const cols = templateColumns(def);
  return workbook([{
    name: tr(def.pluralLabel, locale),
    columns: cols.map((c) => ({ header: `${tr(c.label, locale)}${c.required ? ' *' : ''}`, key: c.key, width: 22 })),
    rows: [],
  }], locale);
}
