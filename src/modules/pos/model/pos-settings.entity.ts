import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { POSTABLE_ACCOUNT } from '../../accounting/model/account.refs';
import { pm } from '../messages';

/**
 * The point of sale's settings, one row per company (server/pos.defaults.ts): the walk-in customer a till sells to
 * when none is chosen, and the accounts a session's counted differences post to (a shortage to an expense, an
 * overage to income; the money side is the cash or bank journal's account). Edited on /pos/settings (the generic
 * singleton screen), never created or deleted. The pickers offer only what fits (the `filters`: the customer has the
 * customer role, each account is an active account without sub-accounts of its type), and the generic reference
 * check refuses anything else with the field's message; none may be emptied (server/settings.hooks.ts).
 */

export const posSettings = defineEntity({
  name: 'posSettings',
  module: 'pos',
  path: 'settings',
  table: 'pos_settings',
  label: { en: 'POS settings', ar: 'إعدادات نقطة البيع' },
  pluralLabel: { en: 'POS settings', ar: 'إعدادات نقطة البيع' },
  route: '/pos/settings',
  titleField: 'walkInCustomerId',
  operations: { create: false, delete: false },
  singleton: true,
  fields: {
    walkInCustomerId: f.ref({ en: 'Walk-in customer', ar: 'العميل النقدي' }, 'contact', {
      filters: { isCustomer: 'true' },
      filtersMessage: pm.walkInNotCustomer,
      help: { en: 'The customer of a till sale when the cashier chooses none. A sale on credit needs another, named customer.',
        ar: 'عميل البيع في نقطة البيع إذا لم يختر أمين الصندوق عميلًا. البيع الآجل يحتاج إلى عميل آخر مسمى.' },
    }),
    shortageAccountId: f.ref({ en: 'Cash shortage account', ar: 'حساب عجز النقدية' }, 'account', {
      filters: { type: 'expense', ...POSTABLE_ACCOUNT },
      filtersMessage: pm.shortageNotExpense,
      help: { en: 'An expense account: debited when the cash or bank counted at a session\'s close is less than expected.',
        ar: 'حساب مصروفات: يُقيَّد عليه إذا كان المعدود عند إغلاق الجلسة أقل من المتوقع.' },
    }),
    overageAccountId: f.ref({ en: 'Cash overage account', ar: 'حساب زيادة النقدية' }, 'account', {
      filters: { type: 'income', ...POSTABLE_ACCOUNT },
      filtersMessage: pm.overageNotIncome,
      help: { en: 'An income account: credited when the cash or bank counted at a session\'s close is more than expected.',
        ar: 'حساب إيرادات: يُقيَّد له إذا كان المعدود عند إغلاق الجلسة أكثر من المتوقع.' },
    }),
  },
  list: { columns: ['walkInCustomerId'], defaultSort: 'walkInCustomerId' },
  form: {
    sections: [
      { title: { en: 'Sales at the till', ar: 'البيع في نقطة البيع' }, fields: ['walkInCustomerId'] },
      { title: { en: 'Cash differences at session close', ar: 'فروقات النقدية عند إغلاق الجلسة' }, fields: ['shortageAccountId', 'overageAccountId'] },
    ],
  },
});
