import { z } from 'zod';
import { type Label, fill } from '../i18n/locale';
import { messages } from '../i18n/messages';
import {
  DATE_MAX, DATE_MIN, LEDGER_DIGITS, LEDGER_MAX, MAX_INT, MONEY_DIGITS, MONEY_MAX, QUANTITY_DIGITS, dateProblem, hasNul, integerDigits, lineValueFits,
} from './bounds';

/**
 * The pieces of the jsonb line arrays of documents (journal entry lines, invoice lines, stock document items),
 * isomorphic, with the platform's bounds (bounds.ts): decimals as strings within their kind's digits, ids that fit an
 * integer, text without NUL, real dates in range, and a line's value (quantity x price) within the money bound.
 * A refusal the platform knows carries its message key (and vars) in the zod issue; `lineProblem` turns it into
 * "Line 3: Unit price is too large (at most ...)" in every language, naming the column by its label. Other
 * refusals stay the module's own message.
 */
type Key = 'invalid' | 'numberTooLarge' | 'lineValueTooLarge' | 'invalidDate' | 'dateOutOfRange' | 'badCharacter' | 'refNotFound';
const issue = (c: z.RefinementCtx, message: Key, params: Record<string, string | number> = {}, path: (string | number)[] = []) =>
  c.addIssue({ code: 'custom', message, params, path });

/** A decimal string (a number is turned into its string) with at most `scale` decimals and `digits` integer digits. */
export function lineDecimal(o: { scale: number; digits: number; max: string }) {
  const re = new RegExp(`^-?\\d+(\\.\\d{1,${o.scale}})?$`);
  return z.union([z.string(), z.number()], { error: 'invalid' })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .superRefine((v, c) => {
      if (!re.test(v)) issue(c, 'invalid');
      else if (integerDigits(v) > o.digits) issue(c, 'numberTooLarge', { max: o.max });
    });
}
export const lineMoney = lineDecimal({ scale: 4, digits: MONEY_DIGITS, max: MONEY_MAX });
/** A journal entry line's amount: a document's total may be posted on one line. */
export const lineLedgerAmount = lineDecimal({ scale: 4, digits: LEDGER_DIGITS, max: LEDGER_MAX });
export const lineQuantity = lineDecimal({ scale: 6, digits: QUANTITY_DIGITS, max: '999999999.999999' });

/** A record id (refs to a missing record read the same as one past 2^31-1). */
export const lineId = z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).positive({ error: 'invalid' }).max(MAX_INT, { error: 'refNotFound' });
export const optLineId = z.preprocess((v) => (v === '' || v === undefined ? null : v), lineId.nullable());

/** Optional text, trimmed, at most `max` characters, no NUL; '' (when `emptyIsNull`) and a missing value are null. */
export const lineText = (max: number, emptyIsNull = true) => z.preprocess(
  (v) => (v === undefined || (emptyIsNull && v === '') ? null : v),
  z.string().trim().max(max).refine((v) => !hasNul(v), { error: 'badCharacter' }).nullable(),
);

/** An optional date (YYYY-MM-DD), a real day within the platform's range. */
export const lineDate = z.preprocess((v) => (v === undefined || v === '' ? null : v), z.string().superRefine((v, c) => {
  const p = dateProblem(v);
  if (p) issue(c, p, { min: DATE_MIN, max: DATE_MAX });
}).nullable());

/** Refuses a line whose quantity x price passes the money bound (reported on the price column). */
export function lineValueWithin<T extends Record<string, unknown>>(quantityKey: keyof T & string, priceKey: keyof T & string) {
  return (l: T, c: z.RefinementCtx) => {
    const q = l[quantityKey];
    const p = l[priceKey];
    if (typeof q === 'string' && typeof p === 'string' && !lineValueFits(q, p)) issue(c, 'lineValueTooLarge', { max: MONEY_MAX }, [priceKey]);
  };
}

/**
 * The message of a refused line when the platform knows the problem (a bound, a date, a character): "Line {line}:
 * <field> ..." with the column's label from `labels`; null for any other problem (the caller's own message).
 */
export function lineProblem(error: z.ZodError, line: number, labels: Record<string, Label>): Label | null {
  const known = error.issues.find((i) => i.message !== 'invalid' && i.message in messages);
  if (!known) return null;
  const key = String(known.path[0] ?? '');
  const name = labels[key] ?? { en: key, ar: key };
  return lineMessage(line, known.message as Key, name, (known as { params?: Record<string, string | number> }).params);
}

/** "Line {line}: <message of `key` about `field`>" in every language. */
export function lineMessage(line: number, key: Key, field: Label, vars: Record<string, string | number> = {}): Label {
  const one = (l: 'en' | 'ar') => fill(messages.lineProblem[l], { line, problem: fill(messages[key][l], { ...vars, field: field[l] }) });
  return { en: one('en'), ar: one('ar') };
}

/** The message of a line whose quantity x price passes the money bound (`price` names the price column), or null. */
export function lineValueProblem(line: number, quantity: string, price: string, priceLabel: Label): Label | null {
  return lineValueFits(quantity, price) ? null : lineMessage(line, 'lineValueTooLarge', priceLabel, { max: MONEY_MAX });
}
