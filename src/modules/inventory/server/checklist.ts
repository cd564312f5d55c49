import { sql } from 'drizzle-orm';
import { registerChecklistStep } from '../../../core/tenancy/setup-checklist';

/** The inventory module's setup step (core/tenancy/setup-checklist.ts). The list is where an import starts. */
registerChecklistStep({
  key: 'products', order: 50, route: '/inventory/inventory/products',
  label: { en: 'First products', ar: 'المنتجات الأولى' },
  hint: { en: 'Add them one by one or import a spreadsheet from the list', ar: 'أضفها واحدة تلو الأخرى أو استورد جدول بيانات من القائمة' },
  done: (id) => sql`EXISTS (SELECT 1 FROM products WHERE company_id = ${id})`,
});
