import { describe, expect, it } from 'vitest';
import { DEFAULT_RECEIPT_OPTIONS, type OptionsStore, PAPERS, RECEIPT_LANGS, RECEIPT_OPTIONS_KEY, parseReceiptOptions, readReceiptOptions, receiptUrl, saveReceiptOptions } from './receiptOptions';

/** The till's receipt choice: its default, the choice kept and read back, junk in storage ignored, the URL of each choice. */
const memory = (init: Record<string, string> = {}): OptionsStore & { data: Map<string, string> } => {
  const data = new Map(Object.entries(init));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => { data.set(k, v); } };
};

describe('till receipt options', () => {
  it('defaults to the 80 mm receipt in the page\'s language, with nothing stored or no storage at all', () => {
    expect(DEFAULT_RECEIPT_OPTIONS).toEqual({ paper: 'receipt', lang: 'page' });
    expect(readReceiptOptions(memory())).toEqual(DEFAULT_RECEIPT_OPTIONS);
    expect(readReceiptOptions(null)).toEqual(DEFAULT_RECEIPT_OPTIONS);
    // node has no localStorage: the default store is none
    expect(readReceiptOptions()).toEqual(DEFAULT_RECEIPT_OPTIONS);
    expect(receiptUrl(7, 'ar')).toBe('/api/accounting/invoices/7/pdf?lang=ar&layout=receipt');
  });

  it('reads back every choice saved, under one key', () => {
    for (const paper of PAPERS) {
      for (const lang of RECEIPT_LANGS) {
        const s = memory();
        expect(saveReceiptOptions({ paper, lang }, s)).toBe(true);
        expect([...s.data.keys()]).toEqual([RECEIPT_OPTIONS_KEY]);
        expect(readReceiptOptions(s)).toEqual({ paper, lang });
      }
    }
  });

  it('ignores junk in storage, keeping each valid field', () => {
    for (const junk of ['', 'not json', '[]', '"a4"', '42', 'null', '{"paper":"A3","lang":"fr"}', '{"paper":1,"lang":null}', '{"__proto__":{"paper":"a4"}}']) {
      expect(readReceiptOptions(memory({ [RECEIPT_OPTIONS_KEY]: junk })), junk).toEqual(DEFAULT_RECEIPT_OPTIONS);
    }
    expect(parseReceiptOptions('{"paper":"a4","lang":"fr"}')).toEqual({ paper: 'a4', lang: 'page' });
    expect(parseReceiptOptions('{"paper":"letter","lang":"both","extra":true}')).toEqual({ paper: 'receipt', lang: 'both' });
    // a store that throws (storage disabled) reads as the default and refuses to save
    const broken: OptionsStore = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
    expect(readReceiptOptions(broken)).toEqual(DEFAULT_RECEIPT_OPTIONS);
    expect(saveReceiptOptions({ paper: 'a4', lang: 'both' }, broken)).toBe(false);
    // a bad value handed to save is stored as its default
    const s = memory();
    saveReceiptOptions({ paper: 'A3' as never, lang: 'ar' }, s);
    expect(JSON.parse(s.data.get(RECEIPT_OPTIONS_KEY)!)).toEqual({ paper: 'receipt', lang: 'ar' });
  });

  it('builds the PDF URL of each choice: the paper as layout, the page\'s language for "page"', () => {
    const url = (paper: 'receipt' | 'a4', lang: (typeof RECEIPT_LANGS)[number], page: 'en' | 'ar') => receiptUrl(12, page, { paper, lang });
    expect(url('receipt', 'page', 'en')).toBe('/api/accounting/invoices/12/pdf?lang=en&layout=receipt');
    expect(url('receipt', 'page', 'ar')).toBe('/api/accounting/invoices/12/pdf?lang=ar&layout=receipt');
    expect(url('a4', 'page', 'ar')).toBe('/api/accounting/invoices/12/pdf?lang=ar&layout=a4');
    expect(url('a4', 'en', 'ar')).toBe('/api/accounting/invoices/12/pdf?lang=en&layout=a4');
    expect(url('receipt', 'ar', 'en')).toBe('/api/accounting/invoices/12/pdf?lang=ar&layout=receipt');
    expect(url('a4', 'both', 'en')).toBe('/api/accounting/invoices/12/pdf?lang=both&layout=a4');
    expect(url('a4', 'both', 'ar')).toBe('/api/accounting/invoices/12/pdf?lang=both&layout=a4');
    expect(url('receipt', 'both', 'ar')).toBe('/api/accounting/invoices/12/pdf?lang=both&layout=receipt');
  });
});
