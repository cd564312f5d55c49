import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Row } from '../../../../core/entity/hooks';
import type { Ctx } from '../../../../core/http/context';
import { packOf } from '../../model/country-packs/packs';
import type { CountryPack } from '../../model/country-packs/types';
import { type NoteKind, noteKindOf } from '../../model/invoice-notes';
import { isSaleSide } from '../invoice.posting';
import { issueTimestamp, issueWallClock } from './issue-time';
import { type Buyer, type Seller, buyerOf, isBusinessBuyer, sellerOf } from './parties';
import { phase1Qr } from './qr';
import { zatcaQrText } from '../zatca/reads';

/**
 * What a printed tax invoice shows, read from the invoice's OWN stored figures (its lines' amounts and taxes, its
 * totals), never recomputed: the QR's total and VAT are the document's to the cent. `kind`: 'standard' (a tax
 * invoice, to a business), 'simplified' (to anyone else), null when the company's pack has no tax invoice regime or
 * the invoice is not sale-side (the plain invoice prints then).
 */
export interface DocLine { description: string; quantity: string; unitPrice: string; discount: string; net: string; rate: string | null; vat: string; gross: string }
export interface TaxInvoiceDoc {
  kind: 'standard' | 'simplified' | null;
  pack: CountryPack;
  /** A credit or debit note (it names `originalNumber`, the invoice it corrects, and its `reason`); null for an invoice. */
  note: NoteKind | null;
  number: string;
  originalNumber: string | null;
  reason: string | null;
  reference: string | null;
  date: string;
  dueDate: string | null;
  /** Wall-clock time of issue in the company's zone (HH:MM:SS); null for a draft. */
  issueTime: string | null;
  seller: Seller;
  buyer: Buyer | null;
  decimals: number;
  lines: DocLine[];
  anyLineDiscount: boolean;
  subtotal: string; discount: string; totalExcl: string; tax: string; total: string; paid: string; due: string;
  /** The ZATCA phase 1 QR text (Saudi pack, an issued invoice of a company with its VAT number); null otherwise. */
  qr: string | null;
}

const dec = (v: unknown) => new Decimal(v === null || v === undefined || v === '' ? 0 : String(v));

async function taxRates(ctx: Ctx, ids: number[]): Promise<Map<number, { rate: string; type: string }>> {
  if (!ids.length) return new Map();
  const r = await ctx.db.orm.execute(sql`SELECT id, rate::text AS rate, type FROM taxes WHERE company_id = ${ctx.companyId} AND id IN (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  return new Map((r.rows as { id: number; rate: string; type: string }[]).map((t) => [Number(t.id), { rate: t.rate, type: t.type }]));
}

export async function taxInvoiceDoc(ctx: Ctx, inv: Row): Promise<TaxInvoiceDoc> {
  const seller = await sellerOf(ctx.db.orm, ctx.companyId);
  const pack = packOf(seller.country);
  const buyer = await buyerOf(ctx.db.orm, ctx.companyId, Number(inv.partnerId));
  const dp = Number(seller.currencyDecimals ?? 2);
  const raw = (Array.isArray(inv.lines) ? inv.lines : []) as Record<string, unknown>[];
  const rates = await taxRates(ctx, [...new Set(raw.map((l) => Number(l.taxId)).filter((n) => Number.isInteger(n) && n > 0))]);
  const lines = raw.map((l): DocLine => {
    const t = l.taxId ? rates.get(Number(l.taxId)) : undefined;
    const net = dec(l.amount);
    const vat = dec(l.taxAmount);
    return {
      description: String(l.description ?? ''), quantity: String(l.quantity ?? '1'), unitPrice: String(l.unitPrice ?? '0'), discount: String(l.discount ?? '0'),
      net: net.toFixed(dp), rate: t && t.type !== 'fixed' ? t.rate : null, vat: vat.toFixed(dp), gross: net.plus(vat).toFixed(dp),
    };
  });
  const total = dec(inv.totalAmount);
  const tax = dec(inv.taxAmount);
  const sale = isSaleSide(String(inv.type));
  // only a VAT-registered seller (its VAT number set) issues tax invoices; one not registered prints the plain invoice
  const kind = sale && pack.taxInvoice && seller.taxNumber ? (buyer && isBusinessBuyer(buyer) ? 'standard' : 'simplified') : null;
  const issued = typeof inv.issuedAt === 'string' && inv.issuedAt ? inv.issuedAt : null;
  // an invoice signed into the e-invoice chain prints the QR its signed XML carries (tags 1-9, as the authority got it)
  const signedQr = kind && pack.taxInvoice === 'zatca' && inv.id ? await zatcaQrText(ctx.db.orm, ctx.companyId, Number(inv.id)) : null;
  const qr = signedQr ?? (kind && pack.taxInvoice === 'zatca' && issued && seller.taxNumber
    ? phase1Qr({ sellerName: seller.nameAr || seller.nameEn, vatNumber: seller.taxNumber, timestamp: issueTimestamp(issued, seller.timeZone), totalAmount: String(inv.totalAmount), taxAmount: String(inv.taxAmount), decimals: dp })
    : null);
  const refs = (inv._refs ?? {}) as Record<string, unknown>;
  const note = noteKindOf(inv);
  const originalOf = note === 'creditNote' ? 'creditNoteOfId' : 'debitNoteOfId';
  return {
    kind, pack, note, number: String(inv.number ?? ''),
    originalNumber: note && inv[originalOf] ? String(refs[originalOf] ?? inv.reference ?? '') : null,
    reason: note && inv.reason ? String(inv.reason) : null,
    reference: inv.reference ? String(inv.reference) : null,
    date: String(inv.date), dueDate: inv.dueDate ? String(inv.dueDate) : null,
    issueTime: issued ? issueWallClock(issued, seller.timeZone).time : null,
    seller, buyer, decimals: dp, lines, anyLineDiscount: lines.some((l) => dec(l.discount).gt(0)),
    subtotal: dec(inv.subtotal).toFixed(dp), discount: dec(inv.discount).toFixed(dp), totalExcl: total.minus(tax).toFixed(dp),
    tax: tax.toFixed(dp), total: total.toFixed(dp), paid: dec(inv.paidAmount).toFixed(dp), due: dec(inv.dueAmount).toFixed(dp), qr,
  };
}
