import { type Opts, type RefField, f } from '../../../core/entity/field';
import type { Label } from '../../../core/i18n/locale';

/**
 * A reference to an account that takes postings: an active account without sub-accounts (postEntry refuses any
 * other). Other modules' settings and master data name their accounts with it: the form's picker offers only those
 * and the generic reference check refuses any other on the field (core/entity/crud.references.ts).
 */
export const POSTABLE_ACCOUNT = { isLeaf: 'true', status: 'active' } as const;

export const accountNotPostable: Label = { en: '{field}: choose an active account without sub-accounts', ar: '{field}: اختر حسابًا نشطًا ليس له حسابات فرعية' };

export function postableAccountRef(label: Label, o: Opts<Omit<RefField, 'target'>> = {}): RefField {
  return f.ref(label, 'account', { filters: { ...POSTABLE_ACCOUNT }, filtersMessage: accountNotPostable, ...o });
}
