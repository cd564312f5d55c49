import { LEDGER_DIGITS } from '../../../core/entity/bounds';
import { f } from '../../../core/entity/field';
import { listPreset } from '../../../core/entity/preset';
import { contact } from '../../contacts/model/contact.entity';

/**
 * Customers (`/pos/customers`): the contacts with the customer role (a list preset, core/entity/preset.ts), with the
 * spec's fields (name, organization name, area, phone, address, notes, customer type: the contact's `kind`) and a live
 * balance: what the customer owes on the receivable accounts, added to each row by GET /api/pos/customers
 * (server/customers.routes.ts) in one grouped statement for the page, sortable (ascending or descending: the
 * route sorts every customer of the list by it in SQL, then pages) and filterable by a from/to range (Balance from /
 * Balance to: `filter[balance][gte]` / `[lte]`, kept in SQL over every customer too, server/customers.filter.ts).
 * Permissions are the contact's (contacts.contact.view / add / change); a customer created here is a contact with
 * `isCustomer: true`.
 */
export const customers = listPreset(contact, {
  key: 'pos.customers',
  route: '/pos/customers',
  url: '/api/pos/customers',
  label: { en: 'Customer', ar: 'عميل' },
  pluralLabel: { en: 'Customers', ar: 'العملاء' },
  filters: { isCustomer: 'true' },
  defaults: { isCustomer: true },
  columns: ['name', 'nameAr', 'organizationName', 'kind', 'area', 'phone', 'balance'],
  labels: { kind: { en: 'Customer type', ar: 'نوع العميل' } },
  sortable: ['balance'],
  filterable: ['balance'],
  computed: {
    // a sum of ledger lines: its filter's bounds take a ledger amount's digits (at most 999,999,999,999,999.9999)
    balance: f.money({ en: 'Balance', ar: 'الرصيد' }, {
      digits: LEDGER_DIGITS,
      help: { en: 'What the customer owes: posted receivable lines, debit less credit', ar: 'المستحق على العميل: قيود الذمم المدينة المرحلة، المدين ناقص الدائن' },
    }),
  },
  form: [
    { title: { en: 'Customer', ar: 'العميل' }, fields: ['kind', 'name', 'nameAr', 'organizationName', 'phone', 'email', 'area'] },
    { title: { en: 'Address and tax', ar: 'العنوان والضريبة' }, fields: ['address', 'country', 'taxNumber'] },
    { title: { en: 'Notes', ar: 'ملاحظات' }, fields: ['notes'] },
  ],
});
