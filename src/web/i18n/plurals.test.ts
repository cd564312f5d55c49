import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ar } from './ar';
import { en } from './en';

/**
 * A message that counts a noun takes the number's form: Arabic has six (zero, one, two, few 3-10, many 11-99,
 * other 100+), which i18next picks by Intl.PluralRules from the `_zero` ... `_other` keys. "3 سجل" is wrong Arabic
 * ("3 سجلات"), as "1 records" is wrong English.
 */
async function t(lng: 'en' | 'ar') {
  const i = i18next.createInstance();
  await i.init({ lng, resources: { en: { translation: en }, ar: { translation: ar } }, interpolation: { escapeValue: false } });
  return i.t.bind(i);
}

describe('counted nouns', () => {
  it('the records of a bulk delete and the permissions granted, in Arabic', async () => {
    const tr = await t('ar');
    expect([1, 2, 3, 11, 100].map((count) => tr('notify.bulkDeleted', { count }))).toEqual(
      ['تم حذف سجل واحد', 'تم حذف سجلين', 'تم حذف 3 سجلات', 'تم حذف 11 سجلًا', 'تم حذف 100 سجل']);
    expect(tr('confirm.bulkDelete', { count: 4 })).toBe('هل تريد حذف 4 سجلات؟ لا يمكن التراجع عن ذلك.');
    expect([1, 2, 5, 40].map((count) => tr('permissions.count', { count }))).toEqual(['صلاحية واحدة', 'صلاحيتان', '5 صلاحيات', '40 صلاحية']);
  });

  it('and in English', async () => {
    const tr = await t('en');
    expect([1, 2].map((count) => tr('notify.bulkDeleted', { count }))).toEqual(['1 record deleted', '2 records deleted']);
    expect(tr('confirm.bulkDelete', { count: 1 })).toBe('Delete 1 record? This cannot be undone.');
    expect(tr('permissions.count', { count: 1 })).toBe('1 permission');
  });

  it('every message with {{count}} in a noun has its plural forms (but a bare number, or one of thousands)', () => {
    const bare = new Set(['list.totalMore', 'list.selected']);
    const flat = (o: object, at = ''): [string, string][] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? flat(v, `${at}${k}.`) : [[`${at}${k}`, String(v)] as [string, string]]));
    const single = flat(ar).filter(([k, v]) => v.includes('{{count}}') && !/_(zero|one|two|few|many|other)$/.test(k) && !bare.has(k)).map(([k]) => k);
    expect(single).toEqual([]);
  });
});
