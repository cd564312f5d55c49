import Decimal from 'decimal.js';
import { LEDGER_DIGITS, integerDigits } from '../../../core/entity/bounds';
import { invoiceLineAmount, roundMoney } from '../../../core/money/round';
import type { accountingSettings } from '../model/accounting-settings.entity';
import type { NoteKind } from '../model/invoice-notes';
import type { InvoiceLineInput } from '../model/lines.schema';
import type { EntryLine } from './ledger.validate';

/**
 * Pure functions: the totals of an invoice and the journal lines its confirmation and payments post.
 * Sale side (SALE, OTHER): Dr receivable (partner) total + Dr discount; Cr income per line; Cr tax.
 * Purchase side (PURCHASE, EXPENSE): the mirror image on payable. A credit note posts the same lines swapped (its
 * sale lines on the sales returns account); a debit note posts exactly as an invoice of its type.
 * Amounts are decimal strings rounded half-up to the currency's decimals (core/money/round.ts, the web's line totals
 * use the same): each line's amount and tax, and the invoice's discount, so the totals are sums of rounded figures
 * and the entry balances to the cent.
 */
/** `vatCategory`, `exemptionCode`, `exemptionReason`: what e-invoices name (model/vat-categories.ts); optional for callers that build one by hand. */
export interface TaxInfo { id: number; rate: string; type: string; priceIncluded: boolean; accountId: number | null; vatCategory?: string; exemptionCode?: string | null; exemptionReason?: string | null }
export interface ComputedLine extends InvoiceLineInput { amount: string; taxAmount: string }
/** `discount`: the invoice's discount rounded to the currency (what is stored and posted). */
export interface InvoiceTotals { lines: ComputedLine[]; subtotal: string; taxAmount: string; totalAmount: string; discount: string }

export type InvoiceProblem = { code: 'noLines' | 'lineInvalid' | 'taxNotFound' | 'zero' | 'tooLarge'; line?: number };

export const isSaleSide = (type: string) => type === 'SALE' || type === 'OTHER';

export function computeInvoice(lines: InvoiceLineInput[], taxes: Map<number, TaxInfo>, discount: string, decimals = 2): InvoiceTotals | InvoiceProblem {
  if (!lines.length) return { code: 'noLines' };
  const r = (d: Decimal) => new Decimal(roundMoney(d.toFixed(), decimals));
  let subtotal = new Decimal(0);
  let taxTotal = new Decimal(0);
  const out: ComputedLine[] = [];
  for (const [i, l] of lines.entries()) {
    const qty = new Decimal(l.quantity);
    const price = new Decimal(l.unitPrice);
    const disc = new Decimal(l.discount);
    const gross0 = qty.times(price);
    if (qty.isNeg() || price.isNeg() || disc.isNeg() || disc.gt(gross0)) return { code: 'lineInvalid', line: i + 1 };
    const gross = new Decimal(invoiceLineAmount(l.quantity, l.unitPrice, l.discount, decimals));
    let tax = new Decimal(0);
    let net = gross;
    if (l.taxId !== null) {
      const t = taxes.get(l.taxId);
      if (!t) return { code: 'taxNotFound', line: i + 1 };
      const rate = new Decimal(t.rate);
      if (t.type === 'fixed') tax = r(rate.times(qty));
      else tax = t.priceIncluded ? r(gross.minus(gross.div(rate.div(100).plus(1)))) : r(gross.times(rate).div(100));
      if (t.priceIncluded) net = gross.minus(tax);
    }
    subtotal = subtotal.plus(net);
    taxTotal = taxTotal.plus(tax);
    out.push({ ...l, amount: net.toFixed(decimals), taxAmount: tax.toFixed(decimals) });
  }
  if (!/^-?\d+(\.\d+)?$/.test(discount || '0')) return { code: 'zero' };
  const d = new Decimal(roundMoney(discount || '0', decimals));
  const total = subtotal.plus(taxTotal).minus(d);
  if (d.isNeg() || !total.gt(0)) return { code: 'zero' };
  if (integerDigits(subtotal.plus(taxTotal).toFixed()) > LEDGER_DIGITS) return { code: 'tooLarge' };
  return { lines: out, subtotal: subtotal.toFixed(decimals), taxAmount: taxTotal.toFixed(decimals), totalAmount: total.toFixed(decimals), discount: d.toFixed(decimals) };
}

type SettingKey = keyof typeof accountingSettings.fields;
/**
 * The settings' accounts a document of `type` posts to when its lines and taxes name none: the partner's
 * (receivable or payable), the lines' (sales, sales returns for a sale's credit note, purchases: goods received not
 * invoiced, expense), the tax's
 * (output or input), and the journal's (sales or purchases).
 */
export function postingSettings(type: string, note: NoteKind | null): { partner: SettingKey; line: SettingKey; tax: SettingKey; journal: SettingKey } {
  if (isSaleSide(type)) return { partner: 'receivableAccountId', line: note === 'creditNote' ? 'salesReturnAccountId' : 'salesAccountId', tax: 'taxAccountId', journal: 'salesJournalId' };
  return { partner: 'payableAccountId', line: type === 'PURCHASE' ? 'purchaseAccountId' : 'expenseAccountId', tax: 'purchaseTaxAccountId', journal: 'purchaseJournalId' };
}

export interface PostingAccounts {
  partner: number; discount: number | null; defaultLine: number; defaultTax: number;
  taxAccount: (taxId: number) => number | null;
}

type Side = { accountId: number; amount: Decimal; label: string | null; contactId: number | null };

function toLines(debits: Side[], credits: Side[], swap: boolean): EntryLine[] {
  const mk = (s: Side, isDebit: boolean): EntryLine => {
    const v = s.amount.toFixed(4);
    const debit = isDebit !== swap;
    return { accountId: s.accountId, label: s.label, contactId: s.contactId, debit: debit ? v : '0.0000', credit: debit ? '0.0000' : v };
  };
  return [...debits.filter((s) => s.amount.gt(0)).map((s) => mk(s, true)), ...credits.filter((s) => s.amount.gt(0)).map((s) => mk(s, false))];
}

/** Lines posted when an invoice (or credit note, swapped) is confirmed, labelled with its number (null: taken later, by the posting). */
export function invoiceEntryLines(inv: { type: string; partnerId: number; discount: string; number: string | null; isCreditNote: boolean }, totals: InvoiceTotals, acc: PostingAccounts): EntryLine[] {
  const partner: Side = { accountId: acc.partner, amount: new Decimal(totals.totalAmount), label: inv.number, contactId: inv.partnerId };
  const disc = new Decimal(totals.discount);
  const discount: Side[] = disc.gt(0) ? [{ accountId: acc.discount ?? acc.defaultLine, amount: disc, label: inv.number, contactId: inv.partnerId }] : [];
  const body: Side[] = totals.lines.map((l) => ({ accountId: l.accountId ?? acc.defaultLine, amount: new Decimal(l.amount), label: l.description ?? inv.number, contactId: inv.partnerId }));
  const taxes = new Map<number, Decimal>();
  for (const l of totals.lines) {
    if (l.taxId === null || new Decimal(l.taxAmount).isZero()) continue;
    const a = acc.taxAccount(l.taxId) ?? acc.defaultTax;
    taxes.set(a, (taxes.get(a) ?? new Decimal(0)).plus(l.taxAmount));
  }
  const taxSides: Side[] = [...taxes.entries()].sort((a, b) => a[0] - b[0]).map(([accountId, amount]) => ({ accountId, amount, label: inv.number, contactId: inv.partnerId }));
  return isSaleSide(inv.type)
    ? toLines([partner, ...discount], [...body, ...taxSides], inv.isCreditNote)
    : toLines([...body, ...taxSides], [partner, ...discount], inv.isCreditNote);
}

/** Lines of a payment (or, for a credit note, a refund): money in for sales, money out for purchases. */
export function paymentEntryLines(inv: { type: string; partnerId: number; isCreditNote: boolean; number: string }, amount: string, partnerAccount: number, moneyAccount: number): EntryLine[] {
  const moneyIn = isSaleSide(inv.type) !== inv.isCreditNote;
  const money: Side = { accountId: moneyAccount, amount: new Decimal(amount), label: inv.number, contactId: null };
  const partner: Side = { accountId: partnerAccount, amount: new Decimal(amount), label: inv.number, contactId: inv.partnerId };
  return moneyIn ? toLines([money], [partner], false) : toLines([partner], [money], false);
}
