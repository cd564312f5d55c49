import Decimal from 'decimal.js';
import type { Field } from '../entity/field';

/**
 * Whether a value read from a file equals what a record holds, so an unchanged row is not written (an export
 * imported back changes nothing, not even a version): decimals by value (12.5 = "12.5000"), dates by day, empty
 * as null; in a line array, each line compared on the columns the file carries.
 */
const DEC = /^-?\d+(\.\d+)?$/;

export function sameValue(fl: Field | undefined, file: unknown, stored: unknown): boolean {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(file) || empty(stored)) return empty(file) && empty(stored);
  if (fl?.kind === 'date') return String(file).slice(0, 10) === String(stored).slice(0, 10);
  if (fl?.kind === 'datetime') return new Date(String(file)).getTime() === new Date(stored as string).getTime();
  return loose(file, stored);
}

function loose(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => loose(x, b[i]));
  if (typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b))
    return Object.entries(a as object).every(([k, v]) => loose(v, (b as Record<string, unknown>)[k]));
  const sa = String(a);
  const sb = String(b);
  if (DEC.test(sa) && DEC.test(sb)) return new Decimal(sa).eq(sb);
  return sa === sb;
}
