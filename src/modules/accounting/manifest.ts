import { defineModule } from '../../core/entity/module';
import { accountCategory } from './model/account-category.entity';
import { account } from './model/account.entity';
import { accountingSettings } from './model/accounting-settings.entity';
import { beginningBalance } from './model/beginning-balance.entity';
import { invoicePayment } from './model/invoice-payment.entity';
import { invoice } from './model/invoice.entity';
import { journalEntry } from './model/journal-entry.entity';
import { journal } from './model/journal.entity';
import { tax } from './model/tax.entity';

const report = (slug: string, en: string, ar: string) =>
  ({ route: `/accounting/reports/${slug}`, label: { en, ar }, permission: 'accounting.journalEntry.reports' });

/** Order matters: referenced entities come before those that refer to them (tables are built in this order). */
export const accountingModule = defineModule({
  key: 'accounting',
  label: { en: 'Accounting', ar: 'المحاسبة' },
  icon: 'calculator',
  order: 20,
  card: true,
  entities: [accountCategory, account, journal, tax, accountingSettings, journalEntry, invoice, invoicePayment, beginningBalance],
  screens: [
    { route: '/accounting/journals/journals-entrydetails/{id}', label: { en: 'Journal entry', ar: 'قيد يومية' }, permission: 'accounting.journalEntry.view', hidden: true },
    { route: '/accounting/accounts/invoicedetails/{id}', label: { en: 'Invoice', ar: 'فاتورة' }, permission: 'accounting.invoice.view', hidden: true },
    report('general-ledger', 'General ledger', 'دفتر الأستاذ العام'),
    // the trial balance of leaf accounts: the detailed one's toggle, not in the menu
    { ...report('trial-balance', 'Trial balance (leaf accounts)', 'ميزان المراجعة (الحسابات الفرعية)'), hidden: true },
    report('detailed-trial-balance', 'Trial balance', 'ميزان المراجعة'),
    report('balance-sheet', 'Balance sheet', 'الميزانية العمومية'),
    report('income-statement', 'Income statement', 'قائمة الدخل'),
    report('cash-flow-statement', 'Cash flow statement', 'قائمة التدفقات النقدية'),
    report('accounts-receivable-aging', 'Receivables aging', 'أعمار الذمم المدينة'),
    // ZATCA e-invoicing: units, onboarding, sending, the chain's verify report (server/zatca/routes.ts)
    { route: '/accounting/einvoicing', label: { en: 'E-invoicing (ZATCA)', ar: 'الفوترة الإلكترونية' }, permission: 'accounting.accountingSettings.view' },
  ],
});
