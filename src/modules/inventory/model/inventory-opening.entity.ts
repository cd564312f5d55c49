import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { OPENING_STATES } from './enums';

/** Opening stock of a location: posting creates the stock, its valuation layers and the opening entry. */
const ro = { readOnly: true } as const;

export const inventoryOpening = defineEntity({
  name: 'inventoryOpening',
  module: 'inventory',
  path: 'beginning-balances',
  table: 'inventory_openings',
  label: { en: 'Inventory beginning balance', ar: 'رصيد مخزون افتتاحي' },
  pluralLabel: { en: 'Inventory beginning balances', ar: 'أرصدة المخزون الافتتاحية' },
  route: '/inventory/settings/beginningbalance',
  titleField: 'referenceNumber',
  fields: {
    referenceNumber: f.text({ en: 'Reference number', ar: 'الرقم المرجعي' }, { search: true, sort: true, max: 60 }),
    date: f.date({ en: 'Date', ar: 'التاريخ' }, { required: true, filter: true, sort: true }),
    locationId: f.ref({ en: 'Location', ar: 'الموقع' }, 'location', { required: true, filter: true, messages: { required: { en: 'Location is required', ar: 'الموقع مطلوب' } } }),
    inventoryAccountId: f.ref({ en: 'Inventory account', ar: 'حساب المخزون' }, 'account'),
    items: f.json({ en: 'Items', ar: 'الأصناف' }, { required: true, widget: 'openingItems' }),
    totalAmount: f.money({ en: 'Total', ar: 'الإجمالي' }, { ...ro, sort: true }),
    entryId: f.ref({ en: 'Journal entry', ar: 'قيد اليومية' }, 'journalEntry', ro),
    notes: f.textarea({ en: 'Notes', ar: 'ملاحظات' }, { max: 2000 }),
    status: f.enum({ en: 'Status', ar: 'الحالة' }, OPENING_STATES, { default: 'draft', filter: true }),
  },
  list: { columns: ['referenceNumber', 'date', 'locationId', 'totalAmount', 'status'], defaultSort: '-date' },
  form: {
    sections: [
      { title: { en: 'Beginning balance', ar: 'الرصيد الافتتاحي' }, fields: ['referenceNumber', 'date', 'locationId', 'inventoryAccountId'] },
      { title: { en: 'Items', ar: 'الأصناف' }, fields: ['items', 'notes'] },
    ],
  },
  states: {
    field: 'status',
    initial: 'draft',
    transitions: {
      post: { label: { en: 'Post', ar: 'ترحيل' }, from: ['draft'], to: 'posted', confirm: true, color: 'green' },
      cancel: { label: { en: 'Cancel', ar: 'إلغاء' }, from: ['draft'], to: 'cancelled', confirm: true, color: 'red' },
    },
    editableIn: ['draft'],
    deletableIn: ['draft', 'cancelled'],
    deleteBlockedBy: ['entryId'],
  },
});
