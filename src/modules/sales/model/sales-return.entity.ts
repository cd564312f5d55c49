import type { Transition } from '../../../core/entity/define';
import { defineEntity } from '../../../core/entity/define';
import type { EnumOption } from '../../../core/entity/field';
import { f } from '../../../core/entity/field';

/**
 * A sales return: goods of a confirmed (or completed) sales order coming back. A draft names the order and the
 * lines taken back (each an order line, a quantity up to what is still returnable); the customer, location, prices
 * and units come from the order. CONFIRM (server/return.confirm.ts), one transaction: the quantities checked again
 * under the order's lock, the return period and partial-return settings, a gapless number, stock back at the
 * delivery's own cost, a credit note against the order's invoice and the refund by the refund method; the order's
 * paid/due follow. Lines are also rows of `sales_return_lines` (reports).
 */
export const RETURN_STATES: EnumOption[] = [
  { value: 'draft', label: { en: 'Draft', ar: 'مسودة' } },
  { value: 'confirmed', label: { en: 'Confirmed', ar: 'مؤكد' } },
  { value: 'cancelled', label: { en: 'Cancelled', ar: 'ملغى' } },
];

export const REFUND_METHODS: EnumOption[] = [
  { value: 'cash', label: { en: 'Cash', ar: 'نقدًا' } },
  { value: 'bank_transfer', label: { en: 'Bank transfer', ar: 'تحويل بنكي' } },
  { value: 'credit', label: { en: "Credit to the customer's account", ar: 'رصيد في حساب العميل' } },
];

const returnTransitions: Record<string, Transition> = {
  confirm: { label: { en: 'Confirm', ar: 'تأكيد' }, from: ['draft'], to: 'confirmed', confirm: true, color: 'green' },
  cancel: { label: { en: 'Cancel', ar: 'إلغاء' }, from: ['draft'], to: 'cancelled', confirm: true, color: 'red' },
};

const ro = { readOnly: true } as const;

export const salesReturn = defineEntity({
  name: 'salesReturn',
  module: 'sales',
  path: 'returns',
  table: 'sales_returns',
  label: { en: 'Sales return', ar: 'مرتجع مبيعات' },
  pluralLabel: { en: 'Sales returns', ar: 'مرتجعات المبيعات' },
  route: '/sales/return',
  titleField: 'number',
  fields: {
    number: f.text({ en: 'Sequence', ar: 'التسلسل' }, { ...ro, search: true, sort: true, max: 60 }),
    orderId: f.ref({ en: 'Sales order', ar: 'أمر البيع' }, 'salesOrder', {
      required: true, filter: true, messages: { required: { en: 'Sales order is required', ar: 'أمر البيع مطلوب' } } }),
    customerId: f.ref({ en: 'Customer', ar: 'العميل' }, 'contact', { ...ro, filter: true }),
    returnDate: f.date({ en: 'Return date', ar: 'تاريخ الإرجاع' }, { ...ro, filter: true, sort: true }),
    // a till return's session (the point of sale sets it), a reference as the order's
    sessionId: f.ref({ en: 'POS session', ar: 'جلسة نقطة البيع' }, 'posSession', { ...ro, filter: true }),
    locationId: f.ref({ en: 'Location', ar: 'الموقع' }, 'location', { filter: true }),
    refundMethod: f.enum({ en: 'Refund method', ar: 'طريقة الاسترداد' }, REFUND_METHODS, {
      required: true, default: 'credit', filter: true, messages: { required: { en: 'Refund method is required', ar: 'طريقة الاسترداد مطلوبة' } } }),
    reasonId: f.ref({ en: 'Reason', ar: 'السبب' }, 'salesReason', { filter: true }),
    items: f.json({ en: 'Items', ar: 'الأصناف' }, { required: true, widget: 'returnItems',
      messages: { required: { en: 'Add at least one line', ar: 'أضف سطرًا واحدًا على الأقل' } } }),
    subtotal: f.money({ en: 'Subtotal', ar: 'المجموع الفرعي' }, ro),
    taxAmount: f.money({ en: 'Tax', ar: 'الضريبة' }, ro),
    totalAmount: f.money({ en: 'Total', ar: 'الإجمالي' }, { ...ro, sort: true }),
    appliedAmount: f.money({ en: 'Deducted from the due', ar: 'المخصوم من المستحق' }, ro),
    refundedAmount: f.money({ en: 'Refunded', ar: 'المبلغ المسترد' }, ro),
    creditAmount: f.money({ en: "Left on the customer's account", ar: 'المتبقي في حساب العميل' }, ro),
    stockValue: f.money({ en: 'Cost of the goods returned', ar: 'تكلفة البضاعة المرتجعة' }, ro),
    creditNoteId: f.ref({ en: 'Credit note', ar: 'الإشعار الدائن' }, 'invoice', ro),
    notes: f.textarea({ en: 'Notes', ar: 'ملاحظات' }, { max: 2000 }),
    status: f.enum({ en: 'Status', ar: 'الحالة' }, RETURN_STATES, { default: 'draft', filter: true }),
  },
  list: { columns: ['number', 'orderId', 'customerId', 'returnDate', 'refundMethod', 'totalAmount', 'status'], defaultSort: '-id' },
  form: {
    sections: [
      { title: { en: 'Return', ar: 'الإرجاع' }, fields: ['orderId', 'locationId', 'refundMethod', 'reasonId'] },
      { title: { en: 'Items', ar: 'الأصناف' }, fields: ['items', 'notes'] },
    ],
  },
  states: {
    field: 'status', initial: 'draft', transitions: returnTransitions,
    editableIn: ['draft'], deletableIn: ['draft', 'cancelled'], deleteBlockedBy: ['number'],
  },
});
