import Decimal from 'decimal.js';
import { AppError } from '../../../core/http/errors';
import { type Label, type Locale, tr } from '../../../core/i18n/locale';
import { LEDGER_DIGITS, LEDGER_MAX, integerDigits } from '../../../core/entity/bounds';
import { lineProblem } from '../../../core/entity/line-fields';
import { type EntryLineInput, entryLineLabels, entryLineSchema } from '../model/lines.schema';
import { am } from './messages';

/**
 * Pure checks of a set of entry lines (invariant 1): every line debit xor credit, both >= 0, at least one debit
 * and one credit line, and sum(debit) = sum(credit) exactly in decimal arithmetic. Amounts come back as
 * canonical strings with 4 decimals. Throws a 422 AppError with the message in both languages.
 */
export interface EntryLine { accountId: number; label: string | null; debit: string; credit: string; contactId: number | null }

export function ledgerError(label: Label, vars: Record<string, string | number> = {}, locale: Locale = 'en', field = 'lines', status = 422): AppError {
  return new AppError(status, status === 409 ? 'conflict' : 'validation', label, { [field]: tr(label, locale, vars) }, vars);
}

export const fix4 = (d: Decimal.Value) => new Decimal(d).toFixed(4);

export function normalizeLines(raw: unknown, locale: Locale = 'en'): { lines: EntryLine[]; totalDebit: string; totalCredit: string } {
  if (!Array.isArray(raw) || raw.length < 2 || raw.length > 1000) throw ledgerError(am.tooFewLines, {}, locale);
  let debit = new Decimal(0);
  let credit = new Decimal(0);
  const lines: EntryLine[] = raw.map((r, i) => {
    const line = i + 1;
    const p = entryLineSchema.safeParse(r);
    if (!p.success) throw ledgerError(lineProblem(p.error, line, entryLineLabels) ?? am.lineInvalid, { line }, locale);
    const l: EntryLineInput = p.data;
    const d = new Decimal(l.debit);
    const c = new Decimal(l.credit);
    if (d.isNeg() || c.isNeg()) throw ledgerError(am.lineNegative, { line }, locale);
    if (!d.isZero() && !c.isZero()) throw ledgerError(am.lineBothSides, { line }, locale);
    if (d.isZero() && c.isZero()) throw ledgerError(am.lineEmpty, { line }, locale);
    debit = debit.plus(d);
    credit = credit.plus(c);
    return { accountId: l.accountId, label: l.label || null, debit: fix4(d), credit: fix4(c), contactId: l.contactId ?? null };
  });
  if (!lines.some((l) => l.debit !== '0.0000') || !lines.some((l) => l.credit !== '0.0000')) throw ledgerError(am.tooFewLines, {}, locale);
  if (integerDigits(debit.toFixed()) > LEDGER_DIGITS) throw ledgerError(am.entryTooLarge, { max: LEDGER_MAX }, locale);
  if (!debit.eq(credit)) throw ledgerError(am.unbalanced, { debit: debit.toFixed(2), credit: credit.toFixed(2) }, locale);
  return { lines, totalDebit: fix4(debit), totalCredit: fix4(credit) };
}

/** Swaps debit and credit: the lines of a reversal. */
export function reversedLines(lines: EntryLine[]): EntryLine[] {
  return lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit }));
}
