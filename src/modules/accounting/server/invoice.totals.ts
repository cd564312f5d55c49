import { and, eq, inArray, sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Orm } from '../../../core/db/connect';
import type { Tx } from '../../../core/db/tx';
import type { Locale } from '../../../core/i18n/locale';
import type { Ctx } from '../../../core/http/context';
import { LEDGER_MAX } from '../../../core/entity/bounds';
import { lineProblem } from '../../../core/entity/line-fields';
import { invoiceLineLabels, invoiceLineSchema, type InvoiceLineInput } from '../model/lines.schema';
import { tax } from '../model/tax.entity';
import { computeInvoice, type InvoiceTotals, type TaxInfo } from './invoice.posting';
import { ledgerError } from './ledger.validate';
import { am } from './messages';
import { memoInTx } from '../../../core/db/tx-memo';

/** Validates invoice lines and computes totals with the company's taxes and currency decimals (422 otherwise). */
export function currencyDecimals(tx: Tx | Orm, companyId: number): Promise<number> {
  // read once per transaction (core/db/tx-memo.ts), the key shared with sales' read of the same column
  return memoInTx(tx, ['company'], `currencyDecimals:${companyId}`, async () => {
    const r = await tx.execute(sql`SELECT currency_decimals FROM companies WHERE id = ${companyId}`);
    const d = (r.rows[0] as { currency_decimals?: number } | undefined)?.currency_decimals;
    return typeof d === 'number' ? d : 2;
  }, companyId);
}

export async function loadTaxes(tx: Tx | Orm, companyId: number, ids: number[], activeOnly: boolean): Promise<Map<number, TaxInfo>> {
  if (!ids.length) return new Map();
  const t = tableOf(tax);
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await memoInTx(tx, ['tax'], `taxes:${companyId}:${wanted.join(',')}`, () => tx.select().from(t).where(and(eq(t.companyId, companyId), inArray(t.id, wanted))), companyId);
  return new Map(rows.filter((r) => !activeOnly || r.status === 'active').map((r) => [r.id as number, {
    id: r.id as number, rate: r.rate as string, type: r.type as string, priceIncluded: r.priceIncluded as boolean, accountId: (r.accountId as number | null) ?? null,
    vatCategory: (r.vatCategory as string | null) ?? 'standard', exemptionCode: (r.exemptionCode as string | null) ?? null, exemptionReason: (r.exemptionReason as string | null) ?? null,
  }]));
}

export function parseInvoiceLines(locale: Locale, raw: unknown): InvoiceLineInput[] {
  if (!Array.isArray(raw) || !raw.length) throw ledgerError(am.invoiceNoLines, {}, locale);
  if (raw.length > 500) throw ledgerError(am.invoiceLineInvalid, { line: 501 }, locale);
  return raw.map((l, i) => {
    const p = invoiceLineSchema.safeParse(l);
    if (!p.success) throw ledgerError(lineProblem(p.error, i + 1, invoiceLineLabels) ?? am.invoiceLineInvalid, { line: i + 1 }, locale);
    return p.data;
  });
}

/**
 * Pure: an invoice's lines (validated), taxes and totals from raw lines, the tax definitions they name and the
 * currency's decimals; a refusal is a 422 naming the line, in both languages (`locale` picks the field's text).
 */
export function computeInvoiceTotals(rawLines: unknown, taxes: Map<number, TaxInfo>, discount: unknown, decimals: number, locale: Locale = 'en'): InvoiceTotals {
  const lines = parseInvoiceLines(locale, rawLines);
  const res = computeInvoice(lines, taxes, String(discount ?? '0') || '0', decimals);
  if ('code' in res) {
    const label = { noLines: am.invoiceNoLines, lineInvalid: am.invoiceLineInvalid, taxNotFound: am.taxNotFound, zero: am.invoiceZero, tooLarge: am.invoiceTooLarge }[res.code];
    throw ledgerError(label, { line: res.line ?? 0, max: LEDGER_MAX }, locale);
  }
  return res;
}

/** The tax ids raw lines name (lines that do not parse are left to computeInvoiceTotals). */
export function taxIdsOf(rawLines: unknown): number[] {
  if (!Array.isArray(rawLines)) return [];
  const ids = rawLines.map((l) => invoiceLineSchema.safeParse(l)).map((p) => (p.success ? p.data.taxId : null));
  return [...new Set(ids.filter((x): x is number => x !== null))];
}

export async function invoiceTotals(ctx: Ctx, tx: Tx | Orm, rawLines: unknown, discount: unknown, activeTaxesOnly = true): Promise<InvoiceTotals & { taxes: Map<number, TaxInfo> }> {
  const taxes = await loadTaxes(tx, ctx.companyId, taxIdsOf(rawLines), activeTaxesOnly);
  return { ...computeInvoiceTotals(rawLines, taxes, discount, await currencyDecimals(tx, ctx.companyId), ctx.locale), taxes };
}
