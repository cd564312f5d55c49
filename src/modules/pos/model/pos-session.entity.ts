import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

/**
 * A till session (spec: states active and closed, actions start and close). Starting a session is creating it:
 * branch (one the user may sell at) and opening cash; the user and opening time are the server's. Sales are taken
 * only while it is active. CLOSE (an action: server/session.hooks.ts, session.close.ts) takes the counted cash and bank per method, records the
 * expected amounts and differences and posts the differences; it runs once (the row is locked, a second close is
 * 409). closingCash = openingCash + cash in - cash refunds + cashDifference (counted - expected).
 */
const ro = { readOnly: true } as const;
const money = (en: string, ar: string) => f.money({ en, ar }, ro);

export const SESSION_STATES = [
  { value: 'active', label: { en: 'Active', ar: 'نشطة' } },
  { value: 'closed', label: { en: 'Closed', ar: 'مغلقة' } },
];

export const posSession = defineEntity({
  name: 'posSession',
  module: 'pos',
  path: 'sessions',
  table: 'pos_sessions',
  label: { en: 'POS session', ar: 'جلسة نقطة البيع' },
  pluralLabel: { en: 'POS sessions', ar: 'جلسات نقاط البيع' },
  route: '/pos/sessions',
  // a session is started at a till by its user (number, times and cash set by the server): never imported
  import: { disabled: true },
  titleField: 'number',
  fields: {
    number: f.text({ en: 'Session', ar: 'الجلسة' }, { ...ro, search: true, sort: true, max: 40 }),
    branchId: f.ref({ en: 'Branch', ar: 'الفرع' }, 'posBranch', { required: true, filter: true, messages: { required: { en: 'Branch is required', ar: 'الفرع مطلوب' } } }),
    userId: f.ref({ en: 'Salesperson', ar: 'البائع' }, 'user', { ...ro, filter: true }),
    openedAt: f.datetime({ en: 'Opened at', ar: 'وقت الفتح' }, { ...ro, sort: true }),
    closedAt: f.datetime({ en: 'Closed at', ar: 'وقت الإغلاق' }, { ...ro, sort: true }),
    openingCash: f.money({ en: 'Opening cash', ar: 'النقدية الافتتاحية' }, { min: 'nonNegative', default: '0' }),
    expectedCash: money('Expected cash', 'النقدية المتوقعة'),
    countedCash: money('Counted cash', 'النقدية المعدودة'),
    cashDifference: money('Cash difference', 'فرق النقدية'),
    closingCash: money('Closing cash', 'النقدية الختامية'),
    expectedBank: money('Expected bank transfers', 'التحويلات البنكية المتوقعة'),
    countedBank: money('Counted bank transfers', 'التحويلات البنكية المعدودة'),
    bankDifference: money('Bank difference', 'فرق التحويلات البنكية'),
    differenceEntryId: f.ref({ en: 'Difference entry', ar: 'قيد الفروقات' }, 'journalEntry', ro),
    notes: f.textarea({ en: 'Notes', ar: 'ملاحظات' }, { max: 2000 }),
    status: f.enum({ en: 'Status', ar: 'الحالة' }, SESSION_STATES, { default: 'active', filter: true }),
  },
  list: { columns: ['number', 'branchId', 'userId', 'openedAt', 'closedAt', 'openingCash', 'cashDifference', 'status'], defaultSort: '-openedAt' },
  form: { sections: [{ title: { en: 'Session', ar: 'الجلسة' }, fields: ['branchId', 'openingCash', 'notes'] }] },
  states: {
    field: 'status', initial: 'active',
    // closing takes the counted amounts: an action with its own form on the session's page (web/SessionDetailScreen.tsx)
    transitions: {},
    editableIn: ['active'], deletableIn: ['active'],
  },
  actions: { close: { en: 'Close session', ar: 'إغلاق الجلسة' }, sell: { en: 'Sell at the till', ar: 'البيع في نقطة البيع' } },
  operations: { delete: false },
});
