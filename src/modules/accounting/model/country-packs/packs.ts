import { ae } from './ae';
import { bh } from './bh';
import { eg } from './eg';
import { generic } from './generic';
import { jo } from './jo';
import { kw } from './kw';
import { om } from './om';
import { qa } from './qa';
import { sa } from './sa';
import type { CountryPack, PackCode, Text } from './types';

/**
 * Every country pack (isomorphic). A company stores its pack's code (`companies.country`); its chart, taxes and
 * journals are made from the pack when the company is created (accounting/server/default-chart.ts), its tax number
 * is checked by it (admin's company hooks), its sale invoices carry its wording.
 */
export type { CountryPack, PackCode } from './types';
export const PACKS: readonly CountryPack[] = [sa, ae, eg, bh, om, kw, qa, jo, generic];
export const PACK_CODES = PACKS.map((p) => p.code) as [PackCode, ...PackCode[]];
export const GENERIC: PackCode = 'XX';

export function packOf(code: string | null | undefined): CountryPack {
  return PACKS.find((p) => p.code === code) ?? generic;
}

/** The number as stored: spaces and hyphens removed, Arabic-Indic digits as ASCII, letters upper case. */
export function normalizeTaxNumber(value: string): string {
  return value.replace(/[\s-]/g, '').replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)).toUpperCase();
}

/** null when `value` is a valid tax number of the pack (or empty), else the message (en, ar) saying the format. */
export function taxNumberProblem(code: string | null | undefined, value: string | null | undefined): Text | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const pack = packOf(code);
  const rule = pack.taxNumber;
  const ok = rule.pattern ? rule.pattern.test(normalizeTaxNumber(value)) : value.length <= 50;
  if (ok) return null;
  return {
    en: `${rule.label.en} (${pack.name.en}) must be ${rule.format.en}`,
    ar: `${rule.label.ar} (${pack.name.ar}) يجب أن يتكون من ${rule.format.ar}`,
  };
}

/** The pack of a browser's language tag ("ar-SA" -> SA, "en-AE" -> AE); the generic pack when the region has none. */
export function packOfLocale(tag: string | undefined): PackCode {
  const region = tag?.split(/[-_]/).find((p, i) => i > 0 && /^[A-Za-z]{2}$/.test(p))?.toUpperCase();
  return PACKS.find((p) => p.code === region)?.code ?? GENERIC;
}
