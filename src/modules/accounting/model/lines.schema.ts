import { z } from 'zod';

/**
 * Shapes of the jsonb line arrays of drafts (journal entries, beginning balances, invoices). Amounts are decimal
 * strings (numbers are turned into strings, never summed as floats). Business rules (balance, debit xor credit,
 * accounts) are checked by the server's ledger, with messages in both languages.
 */
const AMOUNT_RE = /^-?\d{1,16}(\.\d{1,4})?$/;
export const amount = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .transform((v) => (v === '' ? '0' : v))
  .refine((v) => AMOUNT_RE.test(v));
const id = z.coerce.number().int().positive().max(2147483647);
const optId = z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable());
const text = z.preprocess((v) => (v === undefined ? null : v), z.string().trim().max(500).nullable());

export const entryLineSchema = z.object({
  accountId: id,
  label: text,
  debit: amount.default('0'),
  credit: amount.default('0'),
  contactId: optId.default(null),
});
export type EntryLineInput = z.infer<typeof entryLineSchema>;

export const invoiceLineSchema = z.object({
  productId: optId.default(null),
  accountId: optId.default(null),
  description: text,
  quantity: amount.default('1'),
  unitPrice: amount,
  discount: amount.default('0'),
  taxId: optId.default(null),
});
export type InvoiceLineInput = z.infer<typeof invoiceLineSchema>;

export const linesOf = <T extends z.ZodType>(line: T) => z.array(line).min(1).max(500);
