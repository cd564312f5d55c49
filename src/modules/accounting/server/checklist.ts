import { sql } from 'drizzle-orm';
import { registerChecklistStep } from '../../../core/tenancy/setup-checklist';

/** The accounting module's setup steps (core/tenancy/setup-checklist.ts): each ticks from the company's own rows. */
registerChecklistStep({
  key: 'fiscalYear', order: 30, route: '/accounting/settings/settings',
  label: { en: 'Fiscal year', ar: 'السنة المالية' },
  hint: { en: "Check the fiscal year's start and save the accounting settings", ar: 'راجع بداية السنة المالية واحفظ إعدادات المحاسبة' },
  // saved by a person at least once (the audit row of an update; the row made with the company has none)
  done: (id) => sql`EXISTS (SELECT 1 FROM audit_log WHERE company_id = ${id} AND entity = 'accountingSettings' AND action = 'update')`,
});
registerChecklistStep({
  key: 'openingBalances', order: 40, route: '/accounting/settings/beginningbalance',
  label: { en: 'Opening balances', ar: 'الأرصدة الافتتاحية' },
  hint: { en: 'Enter what each account held on your first day', ar: 'أدخل رصيد كل حساب في يومك الأول' },
  done: (id) => sql`EXISTS (SELECT 1 FROM beginning_balances WHERE company_id = ${id})`,
});
registerChecklistStep({
  key: 'firstInvoice', order: 90, route: '/accounting/accounts/invoice',
  label: { en: 'First invoice', ar: 'الفاتورة الأولى' },
  hint: { en: 'Create a sale invoice and confirm it: it is numbered and posted', ar: 'أنشئ فاتورة مبيعات وأكّدها: تُرقَّم وتُرحَّل' },
  done: (id) => sql`EXISTS (SELECT 1 FROM invoices WHERE company_id = ${id} AND type = 'SALE' AND entry_id IS NOT NULL)`,
});
