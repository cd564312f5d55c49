import { sql } from 'drizzle-orm';
import type { Tx } from '../../../../core/db/tx';
import { type Data, type Row, registerHooks } from '../../../../core/entity/hooks';
import { AppError } from '../../../../core/http/errors';
import type { Label } from '../../../../core/i18n/locale';
import { fill } from '../../../../core/i18n/locale';
import { company } from '../../../admin/model/company.entity';
import { contact } from '../../../contacts/model/contact.entity';
import { GENERIC, normalizeTaxNumber, PACKS, packOf, taxNumberProblem } from '../../model/country-packs/packs';
import type { CountryPack } from '../../model/country-packs/types';
import { tm } from './messages';

/**
 * Guards what a tax invoice prints about its parties, by a country pack: the company's own, and for a contact the
 * pack of its country (`country`; empty: the company's), none for a country without a pack (a buyer in Germany: its
 * tax number is kept as typed, up to 50 characters):
 * - a contact's tax number has the pack's format (Saudi Arabia: 15 digits, starting and ending with 3), stored as the
 *   pack reads it (no spaces or hyphens, ASCII digits);
 * - the national address of the company and of contacts has the pack's formats (Saudi Arabia: 4-digit building and
 *   additional numbers, 5-digit postal code), stored with ASCII digits.
 * Checked when the value (or the company's country) changes, so an older record is not refused for an unrelated
 * edit; every problem named on its field (422, both languages), nothing saved.
 */
const ADDRESS_RULES = ['buildingNumber', 'postalCode', 'additionalNumber'] as const;

const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const digitsOnly = (v: string) => normalizeTaxNumber(v);
const inCountry = (m: Label, pack: CountryPack): Label => ({ en: fill(m.en, { country: pack.name.en }), ar: fill(m.ar, { country: pack.name.ar }) });

/** Field -> message of every refused value among `changed` fields of `data` (normalised in place when valid). */
function problems(pack: CountryPack | null, data: Data, changed: (k: string) => boolean, taxNumber: boolean): Record<string, Label> {
  const out: Record<string, Label> = {};
  if (taxNumber && changed('taxNumber') && filled(data.taxNumber)) {
    const p = pack ? taxNumberProblem(pack.code, data.taxNumber) : null;
    if (p) out.taxNumber = p;
    else if (pack?.taxNumber.pattern) data.taxNumber = normalizeTaxNumber(data.taxNumber);
    else data.taxNumber = data.taxNumber.trim();
  }
  const rules = pack?.nationalAddress;
  if (rules) for (const k of ADDRESS_RULES) {
    if (!changed(k) || !filled(data[k])) continue;
    const v = digitsOnly(data[k] as string);
    if (rules[k].test(v)) data[k] = v;
    else out[k] = inCountry(tm[k], pack!);
  }
  return out;
}

function refuse(found: Record<string, Label>): void {
  const first = Object.values(found)[0];
  if (first) throw new AppError(422, 'validation', first, found);
}

async function companyPack(tx: Tx, companyId: number): Promise<CountryPack> {
  const r = await tx.execute(sql`SELECT country FROM companies WHERE id = ${companyId}`);
  return packOf((r.rows[0] as { country?: string } | undefined)?.country);
}

/** The pack a contact in `country` follows: the company's when it names none or the company's own; null elsewhere without a pack. */
export function contactPack(companyPack: CountryPack, country: unknown): CountryPack | null {
  if (!filled(country) || country === companyPack.code) return companyPack;
  return PACKS.find((p) => p.code === country && p.code !== GENERIC) ?? null;
}

registerHooks(contact, {
  async beforeCreate(ctx, tx, data) {
    refuse(problems(contactPack(await companyPack(tx, ctx.companyId), data.country), data, () => true, true));
  },
  // a new country checks the number and address already saved against its formats
  async beforeUpdate(ctx, tx, changes, before: Row) {
    const countryChanged = 'country' in changes && changes.country !== before.country;
    const changed = (k: string) => countryChanged || (k in changes && changes[k] !== before[k]);
    if (!['taxNumber', ...ADDRESS_RULES].some(changed)) return;
    const merged: Data = { ...before, ...changes };
    const found = problems(contactPack(await companyPack(tx, ctx.companyId), merged.country), merged, changed, true);
    for (const k of ['taxNumber', ...ADDRESS_RULES]) if (k in changes || merged[k] !== before[k]) changes[k] = merged[k];
    refuse(found);
  },
}, { module: 'accounting' });

// The company's own tax number is admin's (company.hooks.ts); its address formats are checked here, again when the
// country changes (the new country's formats apply to the address already saved).
registerHooks(company, {
  beforeUpdate(_ctx, _tx, changes, before: Row) {
    const countryChanged = 'country' in changes && changes.country !== before.country;
    const changed = (k: string) => countryChanged || (k in changes && changes[k] !== before[k]);
    if (!ADDRESS_RULES.some(changed)) return;
    const merged: Data = { ...before, ...changes };
    const found = problems(packOf(String(merged.country ?? '')), merged, changed, false);
    for (const k of ADDRESS_RULES) if (k in changes || merged[k] !== before[k]) changes[k] = merged[k];
    refuse(found);
  },
}, { module: 'accounting' });
