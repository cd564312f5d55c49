import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { ORDER_STATES, PAYMENT_METHODS, PAYMENT_STATUSES, orderTransitions } from './enums';

/**
 * A sales order. Lines (`items`) are priced from the price list unless given; the server computes subtotals and
 * totals and keeps a copy of the lines in `sales_order_lines` (reports aggregate them). Confirming issues and
 * confirms the customer invoice and delivers the goods (a validated delivery) in ONE transaction; `pay` records
 * a payment on that invoice. States and postings: server/order.hooks.ts and the module's README.
 */
const ro = { readOnly: true } as const;
const req = (en: string, ar: string) => ({ required: true, messages: { required: { en, ar } } });

export const salesOrder = defineEntity({
  name: 'salesOrder',
  module: 'sales',
  path: 'orders',
  table: 'sales_orders',
  label: { en: 'Sales order', ar: 'أمر بيع' },
  pluralLabel: { en: 'Sales orders', ar: 'أوامر البيع' },
  route: '/sales/orders',
  titleField: 'number',
  fields: {
    number: f.text({ en: 'Sequence', ar: 'التسلسل' }, { ...ro, search: true, sort: true, max: 60 }),
    customerId: f.ref({ en: 'Customer', ar: 'العميل' }, 'contact', { ...req('Customer is required', 'العميل مطلوب'), filter: true }),
    orderDate: f.date({ en: 'Order date', ar: 'تاريخ الطلب' }, { ...req('Order date is required', 'تاريخ الطلب مطلوب'), filter: true, sort: true }),
    locationId: f.ref({ en: 'Location', ar: 'الموقع' }, 'location', { filter: true }),
    priceListId: f.ref({ en: 'Price list', ar: 'قائمة الأسعار' }, 'priceList', { filter: true }),
    salespersonId: f.ref({ en: 'Salesperson', ar: 'مندوب المبيعات' }, 'salesperson', { filter: true }),
    paymentTermId: f.ref({ en: 'Payment term', ar: 'شرط الدفع' }, 'paymentTerm', { filter: true }),
    paymentMethod: f.enum({ en: 'Payment method', ar: 'طريقة الدفع' }, PAYMENT_METHODS, { ...req('Payment Method is required', 'طريقة الدفع مطلوبة'), default: 'credit', filter: true }),
    paymentReference: f.text({ en: 'Payment reference', ar: 'مرجع الدفع' }, { max: 100 }),
    items: f.json({ en: 'Items', ar: 'الأصناف' }, { ...req('Add at least one line', 'أضف سطرًا واحدًا على الأقل'), widget: 'orderItems' }),
    discount: f.money({ en: 'Discount', ar: 'الخصم' }, { min: 'nonNegative', default: '0' }),
    subtotal: f.money({ en: 'Subtotal', ar: 'المجموع الفرعي' }, ro),
    taxAmount: f.money({ en: 'Tax', ar: 'الضريبة' }, ro),
    totalAmount: f.money({ en: 'Total', ar: 'الإجمالي' }, { ...ro, sort: true }),
    paidAmount: f.money({ en: 'Paid', ar: 'المدفوع' }, ro),
    dueAmount: f.money({ en: 'Due', ar: 'المستحق' }, { ...ro, sort: true }),
    paymentStatus: f.enum({ en: 'Payment status', ar: 'حالة الدفع' }, PAYMENT_STATUSES, { ...ro, default: 'unpaid', filter: true }),
    invoiceId: f.ref({ en: 'Invoice', ar: 'الفاتورة' }, 'invoice', ro),
    deliveryId: f.ref({ en: 'Delivery', ar: 'إذن التسليم' }, 'delivery', ro),
    notes: f.textarea({ en: 'Notes', ar: 'ملاحظات' }, { max: 2000 }),
    status: f.enum({ en: 'Status', ar: 'الحالة' }, ORDER_STATES, { default: 'draft', filter: true }),
    // a till sale's session and branch (the point of sale sets them; src/modules/pos)
    sessionId: f.ref({ en: 'POS session', ar: 'جلسة نقطة البيع' }, 'posSession', { ...ro, filter: true }),
    branchId: f.ref({ en: 'POS branch', ar: 'فرع نقطة البيع' }, 'posBranch', { ...ro, filter: true }),
  },
  list: { columns: ['number', 'customerId', 'orderDate', 'salespersonId', 'totalAmount', 'dueAmount', 'paymentStatus', 'status'], defaultSort: '-orderDate' },
  form: {
    sections: [
      { title: { en: 'Order', ar: 'الطلب' }, fields: ['customerId', 'orderDate', 'locationId', 'priceListId', 'salespersonId', 'paymentTermId', 'paymentMethod', 'paymentReference'] },
      { title: { en: 'Items', ar: 'الأصناف' }, fields: ['items', 'discount', 'notes'] },
    ],
  },
  actions: { pay: { en: 'Record payment', ar: 'تسجيل دفعة' } },
  states: {
    field: 'status', initial: 'draft', transitions: orderTransitions,
    editableIn: ['draft', 'pending'], deletableIn: ['draft', 'cancelled', 'rejected'], deleteBlockedBy: ['number', 'invoiceId'],
  },
});
