import { execPrepared } from '../../../../core/db/prepared';
import { sql } from 'drizzle-orm';
import type { Orm } from '../../../../core/db/connect';
import type { Tx } from '../../../../core/db/tx';
import { memoInTx } from '../../../../core/db/tx-memo';
import type { Row } from '../../../../core/entity/hooks';
import { AppError } from '../../../../core/http/errors';
import type { Ctx } from '../../../../core/http/context';
import { fill } from '../../../../core/i18n/locale';
import { packOf, taxNumberProblem } from '../../model/country-packs/packs';
import { isSaleSide } from '../invoice.posting';
import { tm } from './messages';

/**
 * The seller (the company) and the buyer (the invoice's contact) as a tax invoice names them, and the rule that
 * decides standard vs simplified: a buyer is a BUSINESS when its contact is a company or carries a VAT number;
 * a business gets a (standard) tax invoice, anyone else a simplified tax invoice.
 */
export interface Address {
  buildingNumber: string | null; street: string | null; streetAr: string | null; district: string | null; districtAr: string | null;
  city: string | null; cityAr: string | null; postalCode: string | null; additionalNumber: string | null;
  /** The older free-text address, printed when no structured one is filled. */
  address: string | null;
}
export interface Party extends Address { nameEn: string; nameAr: string | null; taxNumber: string | null; crNumber: string | null }
export interface Seller extends Party {
  country: string; currency: string; currencyDecimals: number; timeZone: string; invoiceLanguage: string | null; invoiceNote: string | null;
}
/** `country`: the contact's, or the company's when it names none. */
export interface Buyer extends Party { kind: string; country: string }

const ADDRESS_SQL = sql.raw(`building_number AS "buildingNumber", street, street_ar AS "streetAr", district, district_ar AS "districtAr",
  city, city_ar AS "cityAr", postal_code AS "postalCode", additional_number AS "additionalNumber", address, tax_number AS "taxNumber", cr_number AS "crNumber"`);

export async function sellerOf(q: Tx | Orm, companyId: number): Promise<Seller> {
  const r = await q.execute(sql`SELECT name_en AS "nameEn", name_ar AS "nameAr", country, currency, currency_decimals AS "currencyDecimals",
    time_zone AS "timeZone", invoice_language AS "invoiceLanguage", invoice_note AS "invoiceNote", ${ADDRESS_SQL} FROM companies WHERE id = ${companyId}`);
  return r.rows[0] as unknown as Seller;
}

export async function buyerOf(q: Tx | Orm, companyId: number, contactId: number): Promise<Buyer | null> {
  const r = await q.execute(sql`SELECT name AS "nameEn", name_ar AS "nameAr", kind, ${ADDRESS_SQL},
    coalesce(country, (SELECT country FROM companies WHERE id = ${companyId})) AS country
    FROM contacts WHERE id = ${contactId} AND company_id = ${companyId}`);
  return (r.rows[0] as unknown as Buyer | undefined) ?? null;
}

/** The company's country and VAT number, which decide whether its sale invoices are tax invoices. */
export interface CompanyTaxStatus { country: string | null; taxNumber: string | null }

export async function companyTaxStatus(tx: Tx, companyId: number): Promise<CompanyTaxStatus | null> {
  // kept between requests at the company's configuration version (core/db/tx-memo.ts)
  const s = await memoInTx(tx, ['company'], `companyTaxStatus:${companyId}`,
    async () => (await execPrepared(tx, sql`SELECT country, tax_number AS "taxNumber" FROM companies WHERE id = ${companyId}`)).rows, companyId);
  return (s[0] as CompanyTaxStatus | undefined) ?? null;
}

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';
export const isBusinessBuyer = (b: Pick<Buyer, 'kind' | 'taxNumber'>) => b.kind === 'company' || filled(b.taxNumber);

/**
 * Run when a sale-side invoice or credit note is confirmed (invoice.service.ts `confirmInvoice`), in its transaction:
 * under a pack with ZATCA e-invoicing, a company registered for VAT (its VAT number set) issues tax invoices, and a
 * standard tax invoice to a business must carry the buyer's VAT number: a business buyer without one, or with one
 * not in the country's format, is a 422 on `partnerId` (both languages) and nothing is confirmed. A company not
 * registered for VAT issues no tax invoices, so nothing is asked of its buyers. A buyer abroad (its contact's country
 * is not the company's) is not asked a VAT number: exports are invoiced to whoever buys, its own number (if any) was
 * checked by its country's format when saved (party.hooks.ts).
 */
export async function checkTaxInvoiceBuyer(ctx: Ctx, tx: Tx, row: Row, co: CompanyTaxStatus | null): Promise<void> {
  if (!isSaleSide(String(row.type))) return;
  const pack = packOf(co?.country);
  if (pack.eInvoicing !== 'zatca' || !filled(co?.taxNumber)) return;
  const buyer = await buyerOf(tx, ctx.companyId, Number(row.partnerId));
  if (!buyer || !isBusinessBuyer(buyer) || buyer.country !== pack.code) return;
  const name = { en: buyer.nameEn, ar: buyer.nameAr || buyer.nameEn };
  if (!filled(buyer.taxNumber)) {
    const m = { en: fill(tm.buyerVatRequired.en, { buyer: name.en }), ar: fill(tm.buyerVatRequired.ar, { buyer: name.ar }) };
    throw new AppError(422, 'validation', m, { partnerId: m });
  }
  const p = taxNumberProblem(pack.code, buyer.taxNumber);
  if (p) {
    const m = { en: fill(tm.buyerVatInvalid.en, { buyer: name.en, problem: p.en }), ar: fill(tm.buyerVatInvalid.ar, { buyer: name.ar, problem: p.ar }) };
    throw new AppError(422, 'validation', m, { partnerId: m });
  }
}
