import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { AppError } from '../../../core/http/errors';
import { type Data, type Row, registerHooks } from '../../../core/entity/hooks';
import { tr, type Locale } from '../../../core/i18n/locale';
import { tax } from '../model/tax.entity';
import { EXEMPTION_CODES } from '../model/vat-categories';
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
 * of 0 and a reason code of that category; a standard one has no code. Checked on the row as it will be.
 */
function checkCategory(locale: Locale, row: Data): void {
  const category = String(row.vatCategory ?? 'standard');
  const code = row.exemptionCode ? String(row.exemptionCode) : null;
  if (category === 'standard') {
    if (code) refuse('exemptionCode', M.noCode, locale);
    return;
  }
  if (!new Decimal(String(row.rate ?? '0')).isZero()) refuse('rate', M.rateZero, locale);
  if (!code) refuse('exemptionCode', M.codeRequired, locale);
  if (EXEMPTION_CODES.find((c) => c.value === code)?.category !== category) refuse('exemptionCode', M.codeCategory, locale, { category });
}

/** A tax used on any invoice line cannot be deleted ("Error deleting tax"); deactivate it instead. */
registerHooks(tax, {
  beforeCreate(ctx, _tx, data) {
    data.vatCategory ??= 'standard';
    checkCategory(ctx.locale, data);
  },
  beforeUpdate(ctx, _tx, changes, before: Row) {
    if ('vatCategory' in changes) changes.vatCategory ??= 'standard';
    if (['vatCategory', 'exemptionCode', 'rate'].some((k) => k in changes)) checkCategory(ctx.locale, { ...before, ...changes });
  },
  async beforeDelete(ctx, tx, row) {
    const used = await tx.execute(sql`SELECT 1 FROM invoices WHERE company_id = ${ctx.companyId}
      AND lines @> ${JSON.stringify([{ taxId: row.id }])}::jsonb LIMIT 1`);
    if (used.rows.length) throw ledgerError(am.taxInUse, {}, ctx.locale, '_', 409);
  },
});
