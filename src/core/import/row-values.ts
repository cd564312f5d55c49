import type { AnyEntity } from '../entity/define';
import type { Field } from '../entity/field';
import { type Label, type Locale, tr } from '../i18n/locale';
import { type Cell, cellText, foldHeader, parseBoolean, parseDate, parseNumber } from './cells';
import { im } from './import.messages';
import { cellName } from './read-xlsx';

/**
 * One row of a file as the body the generic create/update takes: each mapped cell read as its field's kind
 * (cells.ts); a reference left as the text the file names (`RefText`), resolved to an id of the same company later
 * (refs.ts). What cannot be read is a row error naming the column, in the caller's language.
 */
export interface RowError { row: number; column: string | null; message: string }
export class RefText { constructor(readonly target: string, readonly text: string) {} }

export function problem(ctx: { locale: Locale }, n: number, column: string | null, msg: Label, vars: Record<string, string | number> = {}): RowError {
  return { row: n, column, message: tr(msg, ctx.locale, vars) };
}

/** A cell that is a formula or an error value: the row's error, naming the cell. */
export function cellProblem(ctx: { locale: Locale }, n: number, col: number, label: string, c: Cell): RowError | null {
  if (c === null || typeof c !== 'object' || c instanceof Date) return null;
  return problem(ctx, n, label, c.problem === 'formula' ? im.formula : im.cellError, { cell: cellName(col, n) });
}

/** The value of one cell for field `fl`, or a RowError message (Label + vars) when it cannot be that kind. */
export function fieldValue(fl: Field, c: Cell): { value: unknown } | { error: Label; vars?: Record<string, string> } {
  switch (fl.kind) {
    case 'decimal': case 'integer': {
      const v = parseNumber(c);
      if (v === undefined) return { error: im.notNumber };
      return { value: v === '' ? null : fl.kind === 'integer' ? Number(v) : v };
    }
    case 'date': case 'datetime': {
      const v = parseDate(c);
      if (v === undefined) return { error: im.notDate };
      return { value: v === '' ? null : v };
    }
    case 'boolean': {
      const v = parseBoolean(c);
      return v === undefined ? { error: im.notBoolean } : { value: v };
    }
    case 'enum': {
      const t = cellText(c);
      if (t === '') return { value: null };
      const f = foldHeader(t);
      const o = fl.options.find((x) => x.value === t || foldHeader(x.value) === f || foldHeader(x.label.en) === f || foldHeader(x.label.ar) === f);
      return o ? { value: o.value } : { error: im.notChoice, vars: { value: t } };
    }
    case 'ref': {
      const t = typeof c === 'number' ? String(c) : cellText(c);
      return { value: t === '' ? null : new RefText(fl.target, t) };
    }
    default: {
      // text kinds: a number keeps what the cell shows (a code typed as 00123 in CSV stays as typed)
      const t = typeof c === 'number' ? String(c) : cellText(c);
      return { value: t === '' ? null : t };
    }
  }
}

/** The body of row `n` from its mapped cells: field values, problems per column. */
export function rowBody(ctx: { locale: Locale }, def: AnyEntity, n: number, cells: Record<string, { cell: Cell; col: number }>): { body: Record<string, unknown>; errors: RowError[] } {
  const body: Record<string, unknown> = {};
  const errors: RowError[] = [];
  for (const [key, { cell, col }] of Object.entries(cells)) {
    const fl = def.fields[key]!;
    const label = tr(fl.label, ctx.locale);
    const bad = cellProblem(ctx, n, col, label, cell);
    if (bad) { errors.push(bad); continue; }
    const r = fieldValue(fl, cell);
    if ('error' in r) errors.push(problem(ctx, n, label, r.error, { field: label, ...r.vars }));
    else body[key] = r.value;
  }
  return { body, errors };
}
