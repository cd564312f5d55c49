import { sql } from 'drizzle-orm';
import { registerChecklistStep } from '../../../core/tenancy/setup-checklist';
import { PACKS } from '../../accounting/model/country-packs/packs';

/** The admin module's setup steps (core/tenancy/setup-checklist.ts): each ticks from the company's own rows. */
const company = (id: number, cond: ReturnType<typeof sql>) => sql`SELECT ${cond} FROM companies WHERE id = ${id}`;
const filled = (col: string) => sql`coalesce(btrim(${sql.identifier(col)}), '') <> ''`;
/** Countries with no tax to register for (Kuwait, Qatar): their companies need no tax number. */
const noTax = PACKS.filter((p) => p.taxes.length === 0 && p.code !== 'XX').map((p) => p.code);

registerChecklistStep({
  key: 'company', order: 10, route: '/settings/company',
  label: { en: 'Company details and logo', ar: 'بيانات الشركة والشعار' },
  hint: { en: 'Add the logo and a phone number or email', ar: 'أضف الشعار ورقم الهاتف أو البريد الإلكتروني' },
  done: (id) => company(id, sql`logo IS NOT NULL AND (${filled('phone')} OR ${filled('email')})`),
});
registerChecklistStep({
  key: 'registration', order: 20, route: '/settings/company',
  label: { en: 'Tax and commercial registration numbers and address', ar: 'الرقم الضريبي والسجل التجاري والعنوان' },
  hint: { en: 'Printed on every invoice', ar: 'تُطبع على كل فاتورة' },
  // the address: the national address (building number and city at least) or the older free text
  done: (id) => company(id, sql`${filled('cr_number')} AND (${filled('address')} OR (${filled('building_number')} AND ${filled('city')})) AND (${filled('tax_number')} OR country IN (${sql.join(noTax.map((c) => sql`${c}`), sql`, `)}))`),
});
registerChecklistStep({
  key: 'users', order: 70, route: '/admin/users',
  label: { en: 'Users and groups', ar: 'المستخدمون والمجموعات' },
  hint: { en: 'Add your team, each in a group that gives their rights', ar: 'أضف فريقك، كلٌّ في مجموعة تمنحه صلاحياته' },
  done: (id) => sql`EXISTS (SELECT 1 FROM users u JOIN users_groups j ON j.owner_id = u.id WHERE u.company_id = ${id} AND NOT u.is_system)`,
});
registerChecklistStep({
  key: 'invoiceLayout', order: 80, route: '/settings/company',
  label: { en: 'Invoice layout', ar: 'تخطيط الفاتورة' },
  hint: { en: 'Choose the language of printed invoices and their footer', ar: 'اختر لغة الفواتير المطبوعة وتذييلها' },
  done: (id) => company(id, sql`invoice_language IS NOT NULL`),
});
