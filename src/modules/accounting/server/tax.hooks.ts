import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { AppError } from '../../../core/http/errors';
import { type Data, type Row, registerHooks } from '../../../core/entity/hooks';
import { tr, type Locale } from '../../../core/i18n/locale';
import { tax } from '../model/tax.entity';
import { EXEMPTION_CODES } from '../model/vat-categories';
import { packOf } from '../model/country-packs/packs';
import type { Tx } from '../../../core/db/tx';
import { ledgerError } from './ledger.validate';
import { am } from './messages';

const M = {
  rateZero: { en: 'A zero rated, exempt or out of scope tax has a rate of 0', ar: 'نسبة الضريبة الصفرية أو المعفاة أو خارج النطاق هي 0' },
  codeRequired: { en: 'Choose the reason code of a zero rated, exempt or out of scope tax', ar: 'اختر رمز سبب الضريبة الصفرية أو المعفاة أو خارج النطاق' },
  codeCategory: { en: 'This reason code is not one of the category {category}', ar: 'رمز السبب هذا ليس من فئة {category}' },
  noCode: { en: 'A standard rated tax has no exemption reason code', ar: 'لا رمز إعفاء للضريبة الخاضعة للنسبة الأساسية' },
};

function refuse(field: string, label: { en: string; ar: string }, locale: Locale, vars: Record<string, string> = {}): never {
  throw new AppError(422, 'validation', label, { [field]: tr(label, locale, vars) }, vars);
}

/**
 * A tax's VAT category and its reason agree (model/vat-categories.ts): a category that charges nothing has a rate
 * of 0 and, where the company's e-invoicing asks one (Saudi Arabia: ZATCA), a reason code of that category; a code
 * given elsewhere must belong to the category too; a standard one has no code. Checked on the row as it will be.
 */
async function codeRequired(tx: Tx, companyId: number): Promise<boolean> {
  const r = await tx.execute(sql`SELECT country FROM companies WHERE id = ${companyId}`);
  return packOf((r.rows[0] as { country?: string } | undefined)?.country).eInvoicing === 'zatca';
}

function checkCategory(locale: Locale, row: Data, requireCode: boolean): void {
  const category = String(row.vatCategory ?? 'standard');
  const code = row.exemptionCode ? String(row.exemptionCode) : null;
  if (category === 'standard') {
    if (code) refuse('exemptionCode', M.noCode, locale);
    return;
  }
  if (!new Decimal(String(row.rate ?? '0')).isZero()) refuse('rate', M.rateZero, locale);
  if (!code) {
    if (requireCode) refuse('exemptionCode', M.codeRequired, locale);
    return;
  }
  if (EXEMPTION_CODES.find((c) => c.value === code)?.category !== category) refuse('exemptionCode', M.codeCategory, locale, { category });
}

/** A tax used on any invoice line cannot be deleted ("Error deleting tax"); deactivate it instead. */
registerHooks(tax, {
  async beforeCreate(ctx, tx, data) {
    data.vatCategory ??= 'standard';
    checkCategory(ctx.locale, data, data.vatCategory !== 'standard' && await codeRequired(tx, ctx.companyId));
  },
  async beforeUpdate(ctx, tx, changes, before: Row) {
    if ('vatCategory' in changes) changes.vatCategory ??= 'standard';
    const row = { ...before, ...changes };
    if (['vatCategory', 'exemptionCode', 'rate'].some((k) => k in changes)) checkCategory(ctx.locale, row, row.vatCategory !== 'standard' && await codeRequired(tx, ctx.companyId));
  },
  async beforeDelete(ctx, tx, row) {
    const used = await tx.execute(sql`SELECT 1 FROM invoices WHERE company_id = ${ctx.companyId}
      AND lines @> ${JSON.stringify([{ taxId: row.id }])}::jsonb LIMIT 1`);
    if (used.rows.length) throw ledgerError(am.taxInUse, {}, ctx.locale, '_', 409);
  },
});
