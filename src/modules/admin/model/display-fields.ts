import type { EnumField } from '../../../core/entity/field';
import { f } from '../../../core/entity/field';
import { CALENDARS, DIGITS } from '../../../core/i18n/format';

/**
 * The display preference's two fields (core/i18n/format.ts), the same on a user (empty: the company's default)
 * and on the company (its default for users who chose nothing).
 */
const calendarLabels = {
  gregorian: { en: 'Gregorian', ar: 'ميلادي' },
  hijri: { en: 'Hijri (Umm al-Qura)', ar: 'هجري (أم القرى)' },
  both: { en: 'Both', ar: 'كلاهما' },
};
const digitLabels = { latin: { en: 'Latin (123)', ar: 'لاتينية (123)' }, arabic: { en: 'Arabic-Indic (١٢٣)', ar: 'هندية عربية (١٢٣)' } };

export function calendarField(o: Partial<Omit<EnumField, 'kind' | 'options' | 'label'>> = {}): EnumField {
  return f.enum({ en: 'Calendar', ar: 'التقويم' }, CALENDARS.map((value) => ({ value, label: calendarLabels[value] })), o);
}

export function digitsField(o: Partial<Omit<EnumField, 'kind' | 'options' | 'label'>> = {}): EnumField {
  return f.enum({ en: 'Digits', ar: 'الأرقام' }, DIGITS.map((value) => ({ value, label: digitLabels[value] })), o);
}
