/**
 * What a ZATCA e-invoice is made of, as plain data (isomorphic, no I/O): the mapping from accounting's invoice,
 * lines, taxes, company and contact rows happens once, in map.ts; the XML is written from this alone (ubl.ts).
 * Amounts are decimal strings already rounded to the currency (accounting's computeInvoice did it, once): the XML,
 * the QR (tags 4 and 5) and the ledger carry the same figures.
 */
export type ZatcaKind = 'invoice' | 'credit' | 'debit';
export type ZatcaProfile = 'standard' | 'simplified';
/** UN/ECE 5305 VAT categories ZATCA accepts: standard, zero rated, exempt, out of scope. */
export type VatCategory = 'S' | 'Z' | 'E' | 'O';

export interface ZatcaAddress {
  street?: string | null;
  additionalStreet?: string | null;
  buildingNumber?: string | null;
  /** Saudi national address' additional number (PlotIdentification). */
  additionalNumber?: string | null;
  district?: string | null;
  city?: string | null;
  postalCode?: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface ZatcaParty {
  name: string;
  vatNumber?: string | null;
  /** Commercial registration (seller: CRN; buyer: CRN when it has no VAT number). */
  crNumber?: string | null;
  /** A buyer abroad: its own country's tax number (PartyIdentification, schemeID OTH). */
  otherId?: string | null;
  address: ZatcaAddress;
}

export interface ZatcaLine {
  name: string;
  quantity: string;
  /** Price of one unit before tax; with `baseQuantity` the price of that many units. */
  price: string;
  baseQuantity?: string | null;
  /** Net amount of the line (quantity x price, discounts taken), rounded. */
  lineAmount: string;
  taxAmount: string;
  category: VatCategory;
  /** Percent, e.g. '15.00'. */
  percent: string;
  /** Why a line charges nothing (Z, E, O): the tax subtotal of its group carries it. */
  reason?: { exemptionCode: string; exemptionReason: string };
}

export interface ZatcaTaxSubtotal { category: VatCategory; percent: string; taxable: string; tax: string; exemptionCode?: string; exemptionReason?: string }

export interface ZatcaTotals {
  /** Sum of the lines' net amounts. */
  lineExtension: string;
  /** Document-level allowance (the invoice's discount). */
  allowance: string;
  taxExclusive: string;
  tax: string;
  taxInclusive: string;
  payable: string;
}

export interface ZatcaInvoiceInput {
  kind: ZatcaKind;
  profile: ZatcaProfile;
  /** The invoice's own number (cbc:ID). */
  number: string;
  uuid: string;
  /** Invoice counter value of the unit. */
  icv: number;
  /** Previous invoice hash (base64). */
  pih: string;
  issueDate: string;
  /** HH:MM:SS, the seller's local time (ZATCA reads it as KSA time). */
  issueTime: string;
  currency: string;
  seller: ZatcaParty;
  buyer: ZatcaParty | null;
  lines: ZatcaLine[];
  subtotals: ZatcaTaxSubtotal[];
  totals: ZatcaTotals;
  /** Credit and debit notes: the original invoice's number and the reason (KSA-10). */
  billingReference?: { number: string; reason: string } | null;
  /** UN/ECE 4461: 10 cash, 30 credit transfer, 48 card, 1 not defined. */
  paymentMeansCode?: string;
  /** Supply date (standard invoices). */
  deliveryDate?: string | null;
  note?: string | null;
}
