import { COUNTRIES } from '../../../contacts/model/countries';
import { type DisplayPrefs, formatDate, formatNumber, withDigits } from '../../../../core/i18n/format';
import type { Locale } from '../../../../core/i18n/locale';
import { esc } from '../pdf';
import type { Address, Party } from './parties';
import { L, type LabelKey, type Pair } from './labels';
import type { TaxInvoiceDoc } from './document';

/**
 * Pieces both layouts share. Labels are bilingual side by side in the reading order of `locale` (Arabic first and
 * right-to-left, or English first): `kv` rows are [first label | value | second label], so English stays on the left
 * and Arabic on the right in both. Identifiers (VAT and CR numbers, document numbers) print as stored, left-to-right.
 */
export interface Fmt { locale: Locale; money: (v: string) => string; qty: (v: string) => string; day: (v: string | null) => string; digits: (v: string) => string }

export function fmtOf(locale: Locale, display: DisplayPrefs, dp: number): Fmt {
  const f = { ...display, locale };
  return {
    locale,
    money: (v) => formatNumber(v, { digits: f.digits, minDecimals: dp }),
    qty: (v) => formatNumber(v, { digits: f.digits, minDecimals: 0 }),
    day: (v) => (v ? formatDate(v, f) : ''),
    digits: (v) => withDigits(v, f.digits),
  };
}

const order = (p: Pair, locale: Locale): [string, string] => (locale === 'ar' ? [p[1], p[0]] : [p[0], p[1]]);
const langOf = (i: number, locale: Locale) => ((i === 0) === (locale === 'ar') ? 'ar' : 'en');
/** One label in both languages, stacked (table headers): the reading language first. */
export function stacked(k: LabelKey | Pair, locale: Locale): string {
  const [a, b] = order(typeof k === 'string' ? L[k] : k, locale);
  return `<span class="l1" lang="${langOf(0, locale)}">${esc(a)}</span><span class="l2" lang="${langOf(1, locale)}" dir="${langOf(1, locale) === 'ar' ? 'rtl' : 'ltr'}">${esc(b)}</span>`;
}
/** One label in both languages on one line: "Tax Invoice  فاتورة ضريبية". */
export function inline(k: LabelKey | Pair, locale: Locale, sep = ' · '): string {
  const [a, b] = order(typeof k === 'string' ? L[k] : k, locale);
  return `<span lang="${langOf(0, locale)}">${esc(a)}</span>${esc(sep)}<span lang="${langOf(1, locale)}">${esc(b)}</span>`;
}
/** A [label | value | label] row; `value` is HTML (escape it). */
export function kv(k: LabelKey | Pair, value: string, locale: Locale, cls = ''): string {
  const [a, b] = order(typeof k === 'string' ? L[k] : k, locale);
  return `<tr${cls ? ` class="${cls}"` : ''}><th class="k1" lang="${langOf(0, locale)}">${esc(a)}</th><td class="v">${value}</td><th class="k2" lang="${langOf(1, locale)}" dir="${langOf(1, locale) === 'ar' ? 'rtl' : 'ltr'}">${esc(b)}</th></tr>`;
}
export const ltr = (v: string) => `<span dir="ltr" class="id">${esc(v)}</span>`;
/**
 * Free text (a name, a line's description) isolated in its own direction: an English name on an Arabic-first page
 * keeps its final full stop or bracket at its end ("Daftar Demo Trading Co.", not ".Daftar Demo Trading Co").
 */
export const bidi = (v: string) => `<bdi>${esc(v)}</bdi>`;
/** An English and an Arabic value (a name, a street): both when they differ, Arabic right-to-left. */
export function both(en: string | null | undefined, ar: string | null | undefined, locale: Locale): string {
  const e = (en ?? '').trim();
  const a = (ar ?? '').trim();
  if (!a || a === e) return esc(e);
  if (!e) return `<span dir="rtl" lang="ar">${esc(a)}</span>`;
  const ae = `<span dir="rtl" lang="ar">${esc(a)}</span>`;
  return locale === 'ar' ? `${ae}<br><span dir="ltr" lang="en">${esc(e)}</span>` : `${esc(e)}<br>${ae}`;
}

/** The title pair of a document: tax / simplified tax invoice, or the pack's plain wording. */
export function titleOf(doc: TaxInvoiceDoc): Pair {
  if (doc.kind === 'standard') return L.taxInvoice;
  if (doc.kind === 'simplified') return L.simplified;
  const w = doc.pack.wording[doc.note ?? 'invoice'];
  return [w.en, w.ar];
}
/**
 * Under a tax invoice's title, what a note is: "Credit Note", or the pack's debit note ("Tax debit note / إشعار مدين
 * ضريبي"); '' for an invoice or a plain document (whose title already says it).
 */
export function noteSubtitle(doc: TaxInvoiceDoc, locale: Locale): string {
  if (!doc.note || !doc.kind) return '';
  const w = doc.pack.wording.debitNote;
  return `<span class="sub">${inline(doc.note === 'creditNote' ? L.creditNote : [w.en, w.ar], locale)}</span>`;
}
/** The note's rows: the number's label, the invoice it corrects and its reason (none of the last two for an invoice). */
export function noteRows(doc: TaxInvoiceDoc, locale: Locale): string {
  const debit = doc.note === 'debitNote';
  return kv(doc.note === 'creditNote' ? 'creditNumber' : debit ? 'debitNumber' : 'number', ltr(doc.number), locale) +
    (doc.originalNumber ? kv(debit ? 'debitNoteOf' : 'creditNoteOf', ltr(doc.originalNumber), locale) : '') +
    (doc.reason ? kv('reason', esc(doc.reason), locale) : '');
}
/** The tax number's name: "TRN" in the UAE, the VAT number elsewhere. */
export const taxLabel = (doc: TaxInvoiceDoc): Pair => (doc.pack.taxInvoice === 'uae' ? L.trn : L.vat);

const has = (v: unknown) => typeof v === 'string' && v.trim() !== '';
/** The party's rows: name, tax and CR numbers, the national address (or the free-text one when none is filled). */
export function partyRows(doc: TaxInvoiceDoc, p: Party | null, f: Fmt, showTaxRow: boolean): string {
  if (!p) return '';
  const a: Address = p;
  const rows = [kv('name', both(p.nameEn, p.nameAr, f.locale), f.locale)];
  if (has(p.taxNumber) || showTaxRow) rows.push(kv(taxLabel(doc), ltr(p.taxNumber ?? ''), f.locale));
  if (has(p.crNumber)) rows.push(kv('cr', ltr(p.crNumber!), f.locale));
  const structured = [a.buildingNumber, a.street, a.streetAr, a.district, a.districtAr, a.city, a.cityAr, a.postalCode].some(has);
  if (structured) {
    if (has(a.buildingNumber)) rows.push(kv('building', ltr(a.buildingNumber!), f.locale));
    if (has(a.street) || has(a.streetAr)) rows.push(kv('street', both(a.street, a.streetAr, f.locale), f.locale));
    if (has(a.district) || has(a.districtAr)) rows.push(kv('district', both(a.district, a.districtAr, f.locale), f.locale));
    if (has(a.city) || has(a.cityAr)) rows.push(kv('city', both(a.city, a.cityAr, f.locale), f.locale));
    if (has(a.postalCode)) rows.push(kv('postal', ltr(a.postalCode!), f.locale));
    if (has(a.additionalNumber)) rows.push(kv('additional', ltr(a.additionalNumber!), f.locale));
  } else if (has(a.address)) rows.push(kv('address', `<span style="white-space:pre-line">${esc(a.address)}</span>`, f.locale));
  // a buyer abroad names its country (one in the seller's country needs not)
  const country = 'country' in p && typeof p.country === 'string' && p.country !== doc.seller.country ? COUNTRIES.find((c) => c.value === p.country) : undefined;
  if (country) rows.push(kv('country', both(country.label.en, country.label.ar, f.locale), f.locale));
  return rows.join('');
}

export const rateText = (rate: string | null, f: Fmt) => (rate === null ? '—' : `${f.qty(rate)}%`);
