import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

/**
 * The point of sale's settings, one row per company (server/pos.defaults.ts): the walk-in customer a till sells to
 * when none is chosen, and the accounts a session's counted differences post to (a shortage to an expense, an
 * overage to other income; the money side is the cash or bank journal's account). API only (/api/pos/settings).
 */
export const posSettings = defineEntity({
  name: 'posSettings',
  module: 'pos',
  path: 'settings',
  table: 'pos_settings',
  label: { en: 'POS settings', ar: 'إعدادات نقطة البيع' },
  pluralLabel: { en: 'POS settings', ar: 'إعدادات نقطة البيع' },
  titleField: 'walkInCustomerId',
  operations: { create: false, delete: false },
  singleton: true,
  fields: {
    walkInCustomerId: f.ref({ en: 'Walk-in customer', ar: 'العميل النقدي' }, 'contact'),
    shortageAccountId: f.ref({ en: 'Cash shortage account', ar: 'حساب عجز النقدية' }, 'account'),
    overageAccountId: f.ref({ en: 'Cash overage account', ar: 'حساب زيادة النقدية' }, 'account'),
  },
  list: { columns: ['walkInCustomerId'], defaultSort: 'walkInCustomerId' },
});
