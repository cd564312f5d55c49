import { z } from 'zod';
import { lineId, lineLedgerAmount, lineMoney, lineQuantity, lineText, lineValueWithin, optLineId } from '../../../core/entity/line-fields';
import type { Label } from '../../../core/i18n/locale';

/**
 * Shapes of the jsonb line arrays of drafts (journal entries, beginning balances, invoices). Amounts are decimal
 * strings (numbers are turned into strings, never summed as floats) within the platform's money bound (an entry
 * line's within the ledger bound: a document's total may be posted on one line), quantities
 * within its quantity bound, and an invoice line's quantity x unit price within the money bound
 * (core/entity/line-fields.ts). Business rules (balance, debit xor credit, accounts) are checked by the server's
 * ledger, with messages in both languages.
 */
const emptyIsZero = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? '0' : v);
export const amount = z.preprocess(emptyIsZero, lineMoney);
const ledgerAmount = z.preprocess(emptyIsZero, lineLedgerAmount);
const text = lineText(500, false);

export const entryLineSchema = z.object({
  accountId: lineId,
  label: text,
  debit: ledgerAmount.default('0'),
  credit: ledgerAmount.default('0'),
  contactId: optLineId.default(null),
});
export type EntryLineInput = z.infer<typeof entryLineSchema>;
export const entryLineLabels: Record<string, Label> = {
  accountId: { en: 'Account', ar: 'الحساب' }, label: { en: 'Label', ar: 'البيان' }, debit: { en: 'Debit', ar: 'مدين' },
  credit: { en: 'Credit', ar: 'دائن' }, contactId: { en: 'Contact', ar: 'جهة الاتصال' },
};

export const invoiceLineSchema = z.object({
  productId: optLineId.default(null),
  accountId: optLineId.default(null),
  description: text,
  quantity: lineQuantity.default('1'),
  unitPrice: amount,
  discount: amount.default('0'),
  taxId: optLineId.default(null),
}).superRefine(lineValueWithin('quantity', 'unitPrice'));
export type InvoiceLineInput = z.infer<typeof invoiceLineSchema>;
export const invoiceLineLabels: Record<string, Label> = {
  productId: { en: 'Product', ar: 'المنتج' }, accountId: { en: 'Account', ar: 'الحساب' }, description: { en: 'Description', ar: 'الوصف' },
  quantity: { en: 'Quantity', ar: 'الكمية' }, unitPrice: { en: 'Unit price', ar: 'سعر الوحدة' }, discount: { en: 'Discount', ar: 'الخصم' },
  taxId: { en: 'Tax', ar: 'الضريبة' },
};

export const linesOf = <T extends z.ZodType>(line: T) => z.array(line).min(1).max(500);
