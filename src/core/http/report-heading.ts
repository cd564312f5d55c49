import { type SQL, sql } from 'drizzle-orm';
import { entityByName } from '../../modules/registry';
import type { Orm } from '../db/connect';
import { tableOf } from '../db/entity-table';
import { reportCell } from '../documents/report-cell';
import type { ReportHeading } from '../documents/report-pdf';
import { titleSql } from '../entity/crud.read';
import type { DisplayFormat } from '../i18n/format';
import { type Label, tr } from '../i18n/locale';
import type { Ctx } from './context';

/**
 * What heads a report's PDF besides its title and period: the company's name and each filter the caller chose,
 * named in the caller's language ("Customer: Salma Al-Qahtani", "Top N: 10"). A customer statement or a partner's
 * ledger that does not say whose it is cannot be handed to anyone. A filter naming a record is read by its entity's
 * title (the Arabic name for an Arabic reader, as the screens show it), in the report's own snapshot, with the
 * company's name: one statement. A filter left out (null) is not shown; a record not found (another company's) is
 * not either (the report's own checks answer 422 for those).
 */
export interface ReportFilter {
  /** The report parameter it shows: named only on the reports that apply it (ReportDef.applies). */
  param: string;
  label: Label;
  /** A record: the entity's name (entityByName) and the id chosen. */
  entity?: string;
  id?: number | null;
  /** Or a value, shown as a report cell of `kind` (a money or count in the reader's digits; text as it is; a label in the reader's language). */
  value?: string | number | Label | null;
  kind?: 'text' | 'money' | 'int' | 'qty';
}

export async function reportHeading(orm: Orm, ctx: Ctx, filters: ReportFilter[], fmt: DisplayFormat): Promise<ReportHeading> {
  const records = filters.filter((f) => f.entity && typeof f.id === 'number');
  const titles: SQL[] = records.map((f, i) => {
    const target = entityByName(f.entity!);
    return sql`(SELECT ${titleSql(ctx, target, '__r')} FROM ${tableOf(target)} AS "__r" WHERE "__r"."id" = ${f.id!}::int AND "__r"."company_id" = ${ctx.companyId}::int)::text AS ${sql.identifier(`f${i}`)}`;
  });
  const company = ctx.locale === 'ar' ? sql`coalesce(nullif(name_ar, ''), name_en)` : sql`name_en`;
  const [row] = (await orm.execute(sql`SELECT ${company} AS company${sql.join(titles.map((t) => sql`, ${t}`))} FROM companies WHERE id = ${ctx.companyId}::int`)).rows as Record<string, string | null>[];
  const named = new Map(records.map((f, i) => [f, row?.[`f${i}`] ?? null]));
  const lines = filters.flatMap((f) => {
    const v = f.value;
    const shown = f.entity ? named.get(f) ?? null
      : v === null || v === undefined || v === '' ? null
        : typeof v === 'object' ? tr(v, ctx.locale) : reportCell(f.kind ?? 'text', v, fmt) ?? String(v);
    return shown === null ? [] : [`${tr(f.label, ctx.locale)}: ${shown}`];
  });
  return { company: row?.company ?? '', filters: lines };
}
