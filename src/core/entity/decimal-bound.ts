import Decimal from 'decimal.js';
import type { Label } from '../i18n/locale';
import { messages } from '../i18n/messages';
import { integerDigits } from './bounds';
import type { DecimalField } from './field';
import { maxOf } from './schema';

/**
 * The bounds of a decimal range filter ("Balance from" / "Balance to": `filter[<key>][gte]` / `[lte]`), checked as a
 * body's decimal of the same field is (core/entity/schema.ts): Latin digits, an optional minus, at most the field's
 * scale in decimals and its integer digits, and from <= to. Isomorphic: the list screen checks what is typed
 * (web/entity/DecimalRangeFilter.tsx), the server what it receives (e.g. the customers' balance,
 * modules/pos/server/customers.filter.ts), with the same messages in both languages. Invariant: a bound that passes
 * is a plain decimal string PostgreSQL's `numeric` reads exactly (never a float), so keep these checks in step with
 * the schema's.
 */
export type RangeOp = 'gte' | 'lte';
export interface BoundProblem { message: Label; vars: Record<string, string | number> }

const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/** The bound's name: "Balance from" / "الرصيد من" (the list's date range reads the same). */
export function rangeBoundLabel(field: Label, op: RangeOp): Label {
  return op === 'gte' ? { en: `${field.en} from`, ar: `${field.ar} من` } : { en: `${field.en} to`, ar: `${field.ar} إلى` };
}

/** What is wrong with `raw` as a bound of `field` (null: it is a decimal the field can hold). `raw` is not empty. */
export function decimalBoundProblem(raw: string, field: DecimalField): BoundProblem | null {
  if (!DECIMAL_RE.test(raw)) return { message: messages.invalidNumber, vars: {} };
  if ((raw.split('.')[1]?.length ?? 0) > field.scale) return { message: messages.tooManyDecimals, vars: { scale: field.scale } };
  if (integerDigits(raw) > Math.min(field.digits ?? Infinity, field.precision - field.scale)) return { message: messages.numberTooLarge, vars: { max: maxOf(field) } };
  return null;
}

/** Exact order of two valid bounds (decimal.js: no float, no rounding): from > to is refused. */
export function boundsReversed(from: string, to: string): boolean {
  return new Decimal(from).gt(to);
}

/** "Balance from cannot be more than Balance to", in each language (the {field} is filled by the caller's fieldProblem). */
export function reversedMessage(field: Label): Label {
  const to = rangeBoundLabel(field, 'lte');
  return { en: messages.rangeReversed.en.replace('{other}', to.en), ar: messages.rangeReversed.ar.replace('{other}', to.ar) };
}
