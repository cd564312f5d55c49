import type { Label } from '../../../core/i18n/locale';

/** Texts of the bulk payment screen (/sales/payment), in both languages. */
export const pt = {
  title: { en: 'Bulk payment', ar: 'دفعة مجمعة' },
  intro: { en: 'One payment from a customer, spread over their open orders.', ar: 'دفعة واحدة من العميل توزع على أوامره المفتوحة.' },
  customer: { en: 'Customer', ar: 'العميل' },
  openOrders: { en: 'Open orders', ar: 'الأوامر المفتوحة' },
  noOpen: { en: 'This customer has no open orders', ar: 'لا توجد أوامر مفتوحة لهذا العميل' },
  pickCustomer: { en: 'Choose a customer to see their open orders', ar: 'اختر عميلًا لعرض أوامره المفتوحة' },
  number: { en: 'Sequence', ar: 'التسلسل' },
  date: { en: 'Date', ar: 'التاريخ' },
  total: { en: 'Total', ar: 'الإجمالي' },
  due: { en: 'Due', ar: 'المستحق' },
  apply: { en: 'Amount to apply', ar: 'المبلغ المخصص' },
  openTotal: { en: 'Open amount', ar: 'المبلغ المفتوح' },
  mode: { en: 'Allocation', ar: 'طريقة التوزيع' },
  oldest: { en: 'Oldest first', ar: 'الأقدم أولًا' },
  chosen: { en: 'Chosen amounts', ar: 'مبالغ مختارة' },
  amount: { en: 'Amount', ar: 'المبلغ' },
  paymentDate: { en: 'Payment date', ar: 'تاريخ الدفع' },
  method: { en: 'Payment method', ar: 'طريقة الدفع' },
  cash: { en: 'Cash', ar: 'نقدًا' },
  bank: { en: 'Bank transfer', ar: 'تحويل بنكي' },
  reference: { en: 'Reference', ar: 'المرجع' },
  submit: { en: 'Record payment', ar: 'تسجيل الدفعة' },
  done: { en: 'Payment recorded on {n} orders', ar: 'تم تسجيل الدفعة على {n} من الأوامر' },
  failed: { en: 'Failed to process bulk payment', ar: 'فشل في معالجة الدفعة المجمعة' },
} satisfies Record<string, Label>;
