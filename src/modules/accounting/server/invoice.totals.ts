import { and, eq, inArray, sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { invoiceLineSchema, type InvoiceLineInput } from '../model/lines.schema';
import { tax } from '../model/tax.entity';
import { computeInvoice, type InvoiceTotals, type TaxInfo } from './invoice.posting';
import { ledgerError } from './ledger.validate';
import { am } from './messages';

/** Validates invoice lines and computes totals with the company's taxes and currency decimals (422 otherwise). */
export async function currencyDecimals(tx: Tx, companyId: number): Promise<number> {
  const r = await tx.execute(sql`SELECT currency_decimals FROM companies WHERE id = ${companyId}`);
  const d = (r.rows[0] as { currency_decimals?: number } | undefined)?.currency_decimals;
  return typeof d === 'number' ? d : 2;
}

export async function loadTaxes(tx: Tx, companyId: number, ids: number[], activeOnly: boolean): Promise<Map<number, TaxInfo>> {
  if (!ids.length) return new Map();
  const t = tableOf(tax);
  const rows = await tx.select().from(t).where(and(eq(t.companyId, companyId), inArray(t.id, ids)));
  return new Map(rows.filter((r) => !activeOnly || r.status === 'active').map((r) => [r.id as number, {
    id: r.id as number, rate: r.rate as string, type: r.type as string, priceIncluded: r.priceIncluded as boolean, accountId: (r.accountId as number | null) ?? null,
  }]));
}

export function parseInvoiceLines(ctx: Ctx, raw: unknown): InvoiceLineInput[] {
  if (!Array.isArray(raw) || !raw.length) throw ledgerError(am.invoiceNoLines, {}, ctx.locale);
  if (raw.length > 500) throw ledgerError(am.invoiceLineInvalid, { line: 501 }, ctx.locale);
  return raw.map((l, i) => {
    const p = invoiceLineSchema.safeParse(l);
    if (!p.success) throw ledgerError(am.invoiceLineInvalid, { line: i + 1 }, ctx.locale);
    return p.data;
  });
}

export async function invoiceTotals(ctx: Ctx, tx: Tx, rawLines: unknown, discount: unknown, activeTaxesOnly = true): Promise<InvoiceTotals & { taxes: Map<number, TaxInfo> }> {
  const lines = parseInvoiceLines(ctx, rawLines);
  const taxIds = [...new Set(lines.map((l) => l.taxId).filter((x): x is number => x !== null))];
  const taxes = await loadTaxes(tx, ctx.companyId, taxIds, activeTaxesOnly);
  const res = computeInvoice(lines, taxes, String(discount ?? '0') || '0', await currencyDecimals(tx, ctx.companyId));
  if ('code' in res) {
    const label = { noLines: am.invoiceNoLines, lineInvalid: am.invoiceLineInvalid, taxNotFound: am.taxNotFound, zero: am.invoiceZero }[res.code];
    throw ledgerError(label, { line: res.line ?? 0 }, ctx.locale);
  }
  return { ...res, taxes };
}
