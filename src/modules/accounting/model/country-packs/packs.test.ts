import { describe, expect, it } from 'vitest';
import { EXEMPTION_CODES } from '../vat-categories';
import { normalizeTaxNumber, PACKS, packOf, packOfLocale, taxNumberProblem } from './packs';

/** The rates each pack must carry (issue 26; sources in the accounting README, "Country packs"). */
const RATES: Record<string, string[]> = { SA: ['15'], AE: ['5'], EG: ['14'], BH: ['10'], OM: ['5'], JO: ['16'], KW: [], QA: [], XX: [] };
const TYPES = ['asset', 'liability', 'equity', 'income', 'expense'];

describe.each(PACKS.map((p) => [p.code, p] as const))('country pack %s', (code, pack) => {
  it('has a chart that is a tree: unique codes, parents first, same type as the parent, five roots', () => {
    const seen = new Map<string, string>();
    for (const [c, en, ar, type, , parent] of pack.chart) {
      expect(seen.has(c), `duplicate ${c}`).toBe(false);
      expect(en.length > 0 && /[\u0600-\u06FF]/.test(ar), `names of ${c}`).toBe(true);
      expect(TYPES).toContain(type);
      if (parent === null) expect(c).toHaveLength(1);
      else {
        expect(seen.get(parent), `parent of ${c}`).toBe(type);
        expect(c.startsWith(parent[0]!), `${c} under ${parent}`).toBe(true);
      }
      seen.set(c, type);
    }
    expect(pack.chart.filter((r) => r[5] === null).map((r) => r[3])).toEqual(TYPES);
    // every account the settings name by code exists
    for (const c of ['1101', '1102', '1103', '1104', '2101', '3101', '3102', '3103', '4101', '4102', '5101', '5104', '5105']) expect(seen.has(c), c).toBe(true);
  });

  it('has its taxes at its rates, each on a tax account of its chart', () => {
    const standard = pack.taxes.filter((t) => (t.vatCategory ?? 'standard') === 'standard');
    expect([...new Set(standard.map((t) => t.rate))]).toEqual(RATES[code]);
    for (const t of pack.taxes) {
      const acc = t.use === 'sale' ? pack.taxAccounts.output : pack.taxAccounts.input;
      expect(pack.chart.find((r) => r[0] === acc)?.[4], `${t.name.en} account`).toBe('tax');
      expect(/[\u0600-\u06FF]/.test(t.name.ar)).toBe(true);
    }
    expect(new Set(pack.taxes.map((t) => t.name.en)).size).toBe(pack.taxes.length);
    if (pack.taxes.length) expect(pack.defaultTaxRate).toBe(RATES[code]![0]);
    // a country with a consumption tax has its zero rated and exempt sale taxes at 0%; where e-invoicing asks a
    // reason code (ZATCA) each carries one of its category, elsewhere none (tax.hooks.ts holds the same rule)
    const nil = pack.taxes.filter((t) => (t.vatCategory ?? 'standard') !== 'standard');
    expect(nil.map((t) => t.vatCategory).sort()).toEqual(standard.length ? ['exempt', 'zero'] : []);
    for (const t of nil) {
      expect(t.rate).toBe('0');
      if (pack.eInvoicing === 'zatca') expect(EXEMPTION_CODES.find((c) => c.value === t.exemptionCode)?.category, t.name.en).toBe(t.vatCategory);
      else expect(t.exemptionCode, t.name.en).toBeUndefined();
    }
    expect(pack.wording.invoice.en).toBe(pack.taxes.length ? 'Tax invoice' : 'Invoice');
    expect([pack.wording.creditNote, pack.wording.debitNote]).toEqual(pack.taxes.length
      ? [{ en: 'Tax credit note', ar: 'إشعار دائن ضريبي' }, { en: 'Tax debit note', ar: 'إشعار مدين ضريبي' }]
      : [{ en: 'Credit note', ar: 'إشعار دائن' }, { en: 'Debit note', ar: 'إشعار مدين' }]);
  });

  it('accepts its valid tax numbers and refuses the invalid ones with a message in both languages', () => {
    for (const v of pack.taxNumber.samples.valid) expect(taxNumberProblem(code, v), v).toBeNull();
    for (const v of pack.taxNumber.samples.invalid) {
      const m = taxNumberProblem(code, v);
      expect(m, v).not.toBeNull();
      expect(m!.en).toContain(pack.name.en);
      expect(m!.ar).toContain(pack.name.ar);
    }
    expect(pack.taxNumber.samples.invalid.length).toBeGreaterThan(0);
  });

  it('names a real currency and time zone', () => {
    expect(Intl.supportedValuesOf('currency')).toContain(pack.currency);
    expect(() => new Intl.DateTimeFormat('en', { timeZone: pack.timeZone })).not.toThrow();
  });
});

describe('packs', () => {
  it('Saudi Arabia alone has ZATCA e-invoicing', () => {
    expect(PACKS.filter((p) => p.eInvoicing === 'zatca').map((p) => p.code)).toEqual(['SA']);
  });
  it('reads Arabic-Indic digits, spaces and hyphens in a tax number', () => {
    expect(normalizeTaxNumber('٣١٠١٢٢٣٩٣٥٠٠٠٠٣')).toBe('310122393500003');
    expect(taxNumberProblem('SA', '٣١٠١٢٢٣٩٣٥٠٠٠٠٣')).toBeNull();
    expect(taxNumberProblem('SA', '')).toBeNull();
  });
  it('picks the pack of a browser locale, else the generic one', () => {
    expect(packOfLocale('ar-SA')).toBe('SA');
    expect(packOfLocale('en-AE')).toBe('AE');
    expect(packOfLocale('ar')).toBe('XX');
    expect(packOfLocale('en-US')).toBe('XX');
    expect(packOf('nope').code).toBe('XX');
  });
});
