import type { AnyEntity } from '../entity/define';
import { tr, type Locale } from '../i18n/locale';
import { type Cell, cellText, parseNumber } from './cells';
import { naturalKeyOf } from './columns';
import { im } from './import.messages';
import { RefText, type RowError, cellProblem, problem, rowBody } from './row-values';

/**
 * Rows of a file as records to write: each row's mapped cells read into a body (row-values.ts); for an entity
 * whose import declares `lines`, the rows sharing a parent key (its natural key) make ONE record, the first row
 * giving the record's fields and every row one line (its line columns), in file order.
 */
export interface Parsed { n: number; body: Record<string, unknown>; errors: RowError[] }

type Mapped = Record<string, { cell: Cell; col: number }>;

function split(mapping: (string | null)[], cells: Cell[]): { fields: Mapped; line: Mapped } {
  const fields: Mapped = {};
  const line: Mapped = {};
  mapping.forEach((k, col) => {
    if (!k) return;
    const cell = cells[col] ?? null;
    const dot = k.indexOf('.');
    if (dot > 0) line[k.slice(dot + 1)] = { cell, col };
    else fields[k] = { cell, col };
  });
  return { fields, line };
}

export function parseRow(ctx: { locale: Locale }, def: AnyEntity, mapping: (string | null)[], n: number, cells: Cell[]): Parsed {
  const { fields } = split(mapping, cells);
  const { body, errors } = rowBody(ctx, def, n, fields);
  return { n, body, errors };
}

/** One line of a lines entity's row: its columns read as their declared kind, empty cells left out. */
function lineOf(ctx: { locale: Locale }, def: AnyEntity, n: number, line: Mapped, errors: RowError[]): Record<string, unknown> {
  const spec = def.import!.lines!;
  const out: Record<string, unknown> = {};
  for (const [k, { cell, col }] of Object.entries(line)) {
    const c = spec.columns[k]!;
    const label = tr(c.label, ctx.locale);
    const bad = cellProblem(ctx, n, col, label, cell);
    if (bad) { errors.push(bad); continue; }
    const text = typeof cell === 'number' ? String(cell) : cellText(cell);
    if (text === '') continue;
    if (c.ref) out[k] = new RefText(c.ref, text);
    else if (c.kind === 'decimal') {
      const v = parseNumber(cell);
      if (v === undefined) errors.push(problem(ctx, n, label, im.notNumber, { field: label }));
      else out[k] = v;
    } else out[k] = text;
  }
  return out;
}

/** Groups the rows of a lines entity by their parent key: buffered (documents with lines are not 100,000s). */
export class LineGrouper {
  private groups = new Map<string, Parsed>();
  private ungrouped: Parsed[] = [];
  constructor(private ctx: { locale: Locale }, private def: AnyEntity, private mapping: (string | null)[]) {}

  add(n: number, cells: Cell[]): void {
    const spec = this.def.import!.lines!;
    const { fields, line } = split(this.mapping, cells);
    const key = naturalKeyOf(this.def)!;
    const keyText = fields[key] ? cellText(fields[key].cell) : '';
    const keyLabel = tr(this.def.fields[key]!.label, this.ctx.locale);
    if (!keyText) {
      this.ungrouped.push({ n, body: {}, errors: [problem(this.ctx, n, keyLabel, im.keyRequired, { field: keyLabel })] });
      return;
    }
    let g = this.groups.get(keyText);
    if (!g) {
      const { body, errors } = rowBody(this.ctx, this.def, n, fields);
      g = { n, body: { ...body, [spec.field]: [] }, errors };
      this.groups.set(keyText, g);
    }
    (g.body[spec.field] as unknown[]).push(lineOf(this.ctx, this.def, n, line, g.errors));
  }

  all(): Parsed[] {
    return [...this.ungrouped, ...this.groups.values()].sort((a, b) => a.n - b.n);
  }
}
