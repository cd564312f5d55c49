import { sql } from 'drizzle-orm';
import { registerChecklistStep } from '../../../core/tenancy/setup-checklist';

/** The contacts module's setup step (core/tenancy/setup-checklist.ts). The list is where an import starts. */
registerChecklistStep({
  key: 'contacts', order: 60, route: '/contacts/contact',
  label: { en: 'First customers and suppliers', ar: 'العملاء والموردون الأوائل' },
  hint: { en: 'Add them one by one or import a spreadsheet from the list', ar: 'أضفهم واحدًا تلو الآخر أو استورد جدول بيانات من القائمة' },
  // a contact made after the company's creation transaction (now() is that transaction's start, so what the
  // setup made, like the till's walk-in customer, has the company's own created_at and does not count)
  done: (id) => sql`EXISTS (SELECT 1 FROM contacts k WHERE k.company_id = ${id} AND k.created_at > (SELECT c.created_at FROM companies c WHERE c.id = ${id}))`,
});
