/**
 * A country pack: what differs by country when a company is created and while it works (isomorphic: the server's
 * company setup and tax-number check, the web's sign-up form). Data only; `packs.ts` lists them.
 */
export type PackCode = 'SA' | 'AE' | 'EG' | 'BH' | 'OM' | 'KW' | 'QA' | 'JO' | 'XX';
export interface Text { en: string; ar: string }
/** [code, English name, Arabic name, type, subtype, parent code]: parents come before their children. */
export type ChartRow = [code: string, en: string, ar: string, type: string, subtype: string | null, parent: string | null];
export interface PackTax {
  name: Text;
  /** Percentage, a decimal string. */
  rate: string;
  /** Sales taxes post to the chart's output tax account, purchase taxes to its input tax account. */
  use: 'sale' | 'purchase';
  /** The VAT category (model/vat-categories.ts); standard when absent. The others charge 0%. */
  vatCategory?: 'standard' | 'zero' | 'exempt' | 'outOfScope';
  /** The reason code where the country's e-invoicing asks one (Saudi Arabia's VATEX codes). */
  exemptionCode?: string;
}
export interface TaxNumberRule {
  label: Text;
  /** Pattern of the number once spaces and hyphens are removed; null: anything up to 50 characters. */
  pattern: RegExp | null;
  /** Shown when the number does not fit: what the number looks like. */
  format: Text;
  /** A valid and an invalid sample (the pack's test reads them). */
  samples: { valid: string[]; invalid: string[] };
}
export interface CountryPack {
  code: PackCode;
  name: Text;
  currency: string;
  /** The time zone most of the country lives in: sign-up's default when the browser's is elsewhere. */
  timeZone: string;
  chart: ChartRow[];
  /** Codes of the chart's output (sales) and input (purchase) tax accounts; null when the country has no such tax. */
  taxAccounts: { output: string | null; input: string | null };
  taxes: PackTax[];
  /** Default tax rate of the accounting settings (percent). */
  defaultTaxRate: string;
  taxNumber: TaxNumberRule;
  /** Commercial registration number's name where the country gives it one. */
  crLabel: Text;
  eInvoicing: 'zatca' | null;
  /**
   * How its companies print sale documents (accounting/server/tax-invoice, issue 20): 'zatca' (Saudi
   * Arabia: tax or simplified tax invoice, the QR), 'uae' (the FTA's tax invoice, the TRN), 'gcc' (another Gulf VAT:
   * tax or simplified tax invoice); absent: the plain invoice of `wording`.
   */
  taxInvoice?: 'zatca' | 'uae' | 'gcc';
  /** Formats of the national address where the country fixes them (digits once normalised); absent: free text. */
  nationalAddress?: { buildingNumber: RegExp; postalCode: RegExp; additionalNumber: RegExp };
  /** Document wording: the titles of a sale invoice, credit note and debit note (tax ones where VAT applies). */
  wording: { invoice: Text; creditNote: Text; debitNote: Text };
}
