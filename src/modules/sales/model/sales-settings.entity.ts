import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { postableAccountRef } from '../../accounting/model/account.refs';

/**
 * The sales settings: one row per company (made with the company), edited, never created or deleted. The revenue
 * account and sales journal are used by the invoices orders issue; the others are the defaults the returns and
 * reports of the next steps will read (see the module's README). Each account takes postings (an active account without
 * sub-accounts): the pickers offer only those, and the generic reference check refuses others with the field's
 * message.
 */
const acc = (en: string, ar: string) => postableAccountRef({ en, ar });

export const salesSettings = defineEntity({
  name: 'salesSettings',
  module: 'sales',
  path: 'settings',
  table: 'sales_settings',
  label: { en: 'Sales settings', ar: 'إعدادات المبيعات' },
  pluralLabel: { en: 'Sales settings', ar: 'إعدادات المبيعات' },
  route: '/sales/settings',
  titleField: 'invoicePrefix',
  operations: { create: false, delete: false },
  singleton: true,
  fields: {
    revenueAccountId: acc('Default revenue account', 'حساب الإيرادات الافتراضي'),
    receivableAccountId: acc('Default receivable account', 'حساب الذمم المدينة الافتراضي'),
    discountAccountId: acc('Default discount account', 'حساب الخصم الافتراضي'),
    accrualAccountId: acc('Default accrual account', 'حساب الاستحقاق الافتراضي'),
    cogsAccountId: acc('Default cost of goods sold account', 'حساب تكلفة البضاعة المباعة الافتراضي'),
    inventoryAccountId: acc('Default inventory account', 'حساب المخزون الافتراضي'),
    returnAccountId: acc('Default sales return account', 'حساب مردودات المبيعات الافتراضي'),
    salesAccountId: acc('Default sales account', 'حساب المبيعات الافتراضي'),
    salesJournalId: f.ref({ en: 'Default sales journal', ar: 'دفتر المبيعات الافتراضي' }, 'journal'),
    returnJournalId: f.ref({ en: 'Default return journal', ar: 'دفتر المرتجعات الافتراضي' }, 'journal'),
    allowPartialReturns: f.boolean({ en: 'Allow partial returns', ar: 'السماح بالإرجاع الجزئي' }, { default: true }),
    requireReturnReason: f.boolean({ en: 'Require return reason', ar: 'إلزام سبب الإرجاع' }, { default: true }),
    returnPeriodDays: f.integer({ en: 'Return period (days)', ar: 'مدة الإرجاع (أيام)' }, { minValue: 0, maxValue: 3650, default: 14 }),
    invoicePrefix: f.text({ en: 'Invoice sequence prefix', ar: 'بادئة تسلسل الفواتير' }, { required: true, max: 10, default: 'SO',
      help: { en: 'Numbers the sales orders: SO/2026/00001', ar: 'ترقيم أوامر البيع: SO/2026/00001' } }),
  },
  list: { columns: ['invoicePrefix', 'salesJournalId', 'returnPeriodDays'], defaultSort: 'invoicePrefix' },
  form: {
    sections: [
      { title: { en: 'Accounts', ar: 'الحسابات' }, fields: ['revenueAccountId', 'salesAccountId', 'receivableAccountId', 'discountAccountId', 'accrualAccountId', 'cogsAccountId', 'inventoryAccountId', 'returnAccountId'] },
      { title: { en: 'Journals', ar: 'الدفاتر' }, fields: ['salesJournalId', 'returnJournalId'] },
      { title: { en: 'Returns and numbering', ar: 'المرتجعات والترقيم' }, fields: ['allowPartialReturns', 'requireReturnReason', 'returnPeriodDays', 'invoicePrefix'] },
    ],
  },
});
