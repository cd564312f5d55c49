import Decimal from 'decimal.js';
import { EXEMPTION_CODES, vatCategoryCode } from '../../model/vat-categories';
import type { ZatcaInvoiceInput, ZatcaKind, ZatcaLine, ZatcaParty, ZatcaProfile, ZatcaTaxSubtotal, VatCategory } from './types';

/**
 * THE one place accounting's invoice becomes a ZatcaInvoiceInput (pure). Amounts are the invoice's own, already
 * rounded by accounting's computeInvoice (per line, half-up): nothing is rounded again here, so the XML, the QR and
 * the ledger agree to the cent. Company and contact rows are read as they come (camelCase or snake_case keys), and
 * every address field may be missing (the address fields are being added to companies and contacts).
 */
export interface InvoiceRowForZatca {
  number: string; date: string; isCreditNote: boolean; isDebitNote?: boolean; notes?: string | null;
  /** A note's reason (debit notes always carry one). */
  reason?: string | null;
  lines: { description?: string | null; quantity?: string; unitPrice: string; discount?: string; taxId?: number | null; amount: string; taxAmount: string }[];
  discount: string; subtotal: string; taxAmount: string; totalAmount: string;
}
export interface TaxRate { rate: string; type: string; priceIncluded: boolean; vatCategory?: string; exemptionCode?: string | null; exemptionReason?: string | null }
export interface ZatcaMapSource {
  invoice: InvoiceRowForZatca;
  taxes: Map<number, TaxRate>;
  company: Record<string, unknown>;
  buyer: Record<string, unknown> | null;
  /** Credit and debit notes: the invoice they correct, and its e-invoice's profile when it has one (a note keeps it). */
  original?: { number: string; profile?: ZatcaProfile | null } | null;
  reason?: string | null;
  chain: { uuid: string; icv: number; pih: string };
  issueTime: string;
  decimals: number;
}

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
/** A row's text field by camelCase or snake_case name (first of `keys` present and not blank), else null. */
export function field(row: Record<string, unknown> | null, ...keys: string[]): string | null {
  if (!row) return null;
  for (const k of keys)
    for (const key of [k, snake(k)]) {
      const v = row[key];
      if (typeof v === 'string' && v.trim() !== '') return v.trim();
      if (typeof v === 'number') return String(v);
    }
  return null;
}

/**
 * A party as the XML names it; `home`: the seller's country, the buyer's when its contact names none. A buyer abroad
 * is not VAT-registered in the seller's country: its own tax number is an other identifier (schemeID OTH), never
 * the VAT number (BT-48) that ZATCA checks as a Saudi one.
 */
export function partyOf(row: Record<string, unknown> | null, names: string[], home = 'SA'): ZatcaParty | null {
  if (!row) return null;
  const country = (field(row, 'countryCode', 'country') ?? home).slice(0, 2).toUpperCase();
  const abroad = country !== home.toUpperCase();
  return {
    name: field(row, ...names) ?? '',
    vatNumber: abroad ? null : field(row, 'taxNumber'),
    ...(abroad && field(row, 'taxNumber') ? { otherId: field(row, 'taxNumber') } : {}),
    crNumber: field(row, 'crNumber'),
    address: {
      street: field(row, 'street', 'streetAr', 'streetEn'),
      buildingNumber: field(row, 'buildingNumber'),
      additionalNumber: field(row, 'additionalNumber'),
      district: field(row, 'district', 'districtAr', 'districtEn'),
      city: field(row, 'city', 'cityAr', 'cityEn'),
      postalCode: field(row, 'postalCode'),
      country,
    },
  };
}

/**
 * A business buyer (a company, or a contact with a tax number: tax-invoice/parties.ts `isBusinessBuyer`) gets a
 * standard tax invoice (cleared); anyone else a simplified one (reported).
 */
export const profileFor = (buyer: Record<string, unknown> | null) =>
  (field(buyer, 'taxNumber') || field(buyer, 'kind') === 'company' ? 'standard' : 'simplified');

const OUT_OF_SCOPE = { exemptionCode: 'VATEX-SA-OOS', exemptionReason: 'Not subject to VAT' };

/** A tax's reason: its code, and its own words or else the code's English name (model/vat-categories.ts). */
function exemptionOf(code: string, words: string | null | undefined) {
  return { exemptionCode: code, exemptionReason: words?.trim() || EXEMPTION_CODES.find((c) => c.value === code)?.label.en || code };
}

/** A note's reason (KSA-10): the one given, else its notes, else the kind's general wording. */
const noteReason = (kind: ZatcaKind, reason: string | null | undefined, notes: string | null | undefined) =>
  reason?.trim() || notes?.trim() || (kind === 'debit' ? 'Additional goods or services' : 'Goods or services refund');

export function toZatcaInput(src: ZatcaMapSource): ZatcaInvoiceInput {
  const dp = src.decimals;
  const inv = src.invoice;
  const lines: ZatcaLine[] = inv.lines.map((l, i) => {
    const tax = l.taxId !== null && l.taxId !== undefined ? src.taxes.get(l.taxId) : undefined;
    const percent = tax && tax.type !== 'fixed' ? new Decimal(tax.rate).toFixed(2) : '0.00';
    // the tax's own category (a zero rated, exempt or out of scope tax names its reason); a line with no tax is out of scope
    const category: VatCategory = !tax ? 'O' : tax.vatCategory && tax.vatCategory !== 'standard' ? vatCategoryCode(tax.vatCategory) : new Decimal(percent).gt(0) ? 'S' : 'Z';
    const reason = tax && category !== 'S' && tax.exemptionCode ? exemptionOf(tax.exemptionCode, tax.exemptionReason) : category === 'O' ? OUT_OF_SCOPE : undefined;
    const qty = new Decimal(l.quantity ?? '1');
    const simple = new Decimal(l.discount ?? '0').isZero() && !tax?.priceIncluded && qty.times(l.unitPrice).eq(l.amount);
    // when quantity x unit price is not the net amount (a discount, a price with tax in it, more decimals than the
    // currency), the line's price is its amount for its whole quantity (cbc:BaseQuantity): exact, nothing rounded again
    return {
      name: l.description?.trim() || `${i + 1}`, quantity: qty.toFixed(), price: simple ? new Decimal(l.unitPrice).toFixed() : l.amount,
      baseQuantity: simple ? null : qty.toFixed(), lineAmount: new Decimal(l.amount).toFixed(dp), taxAmount: new Decimal(l.taxAmount).toFixed(dp), category, percent,
      ...(reason && { reason }),
    };
  });
  const groups = new Map<string, ZatcaTaxSubtotal & { t: Decimal; x: Decimal }>();
  for (const l of lines) {
    const k = `${l.category}|${l.percent}|${l.reason?.exemptionCode ?? ''}`;
    const g = groups.get(k) ?? { category: l.category, percent: l.percent, taxable: '', tax: '', t: new Decimal(0), x: new Decimal(0), ...(l.reason ?? {}) };
    g.t = g.t.plus(l.lineAmount);
    g.x = g.x.plus(l.taxAmount);
    groups.set(k, g);
  }
  const discount = new Decimal(inv.discount || '0');
  const subtotals = [...groups.values()].map(({ t, x, ...g }, i) => ({ ...g, taxable: (i === 0 ? t.minus(discount) : t).toFixed(dp), tax: x.toFixed(dp) }));
  const subtotal = new Decimal(inv.subtotal);
  const taxExclusive = subtotal.minus(discount);
  const buyer = src.buyer;
  const kind: ZatcaKind = inv.isCreditNote ? 'credit' : inv.isDebitNote ? 'debit' : 'invoice';
  // a note is of the profile of the invoice it corrects (a simplified invoice's note is simplified), else by its buyer
  const profile = (kind !== 'invoice' && src.original?.profile) || profileFor(buyer);
  return {
    kind, profile, number: inv.number, uuid: src.chain.uuid, icv: src.chain.icv, pih: src.chain.pih,
    issueDate: inv.date, issueTime: src.issueTime, currency: field(src.company, 'currency') ?? 'SAR',
    seller: partyOf(src.company, ['nameAr', 'nameEn', 'name'])!,
    buyer: profile === 'standard' ? partyOf(buyer, ['nameAr', 'name'], field(src.company, 'country') ?? 'SA') : null,
    lines, subtotals,
    totals: {
      lineExtension: subtotal.toFixed(dp), allowance: discount.toFixed(dp), taxExclusive: taxExclusive.toFixed(dp),
      tax: new Decimal(inv.taxAmount).toFixed(dp), taxInclusive: new Decimal(inv.totalAmount).toFixed(dp), payable: new Decimal(inv.totalAmount).toFixed(dp),
    },
    billingReference: kind !== 'invoice' && src.original ? { number: src.original.number, reason: noteReason(kind, src.reason ?? inv.reason, inv.notes) } : null,
    deliveryDate: profile === 'standard' ? inv.date : null,
  };
}
