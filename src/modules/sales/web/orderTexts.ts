import type { Label } from '../../../core/i18n/locale';

/** Texts of the sales order page (pay, receipt, payments), in both languages. */
export const ot = {
  pay: { en: 'Pay', ar: 'دفع' },
  payTitle: { en: 'Record a payment', ar: 'تسجيل دفعة' },
  paid: { en: 'Payment recorded', ar: 'تم تسجيل الدفعة' },
  payFailed: { en: 'Error recording payment', ar: 'خطأ في تسجيل الدفعة' },
  receipt: { en: 'Receipt', ar: 'الإيصال' },
  invoice: { en: 'Invoice', ar: 'الفاتورة' },
  amount: { en: 'Amount', ar: 'المبلغ' },
  date: { en: 'Date', ar: 'التاريخ' },
  method: { en: 'Payment method', ar: 'طريقة الدفع' },
  cash: { en: 'Cash', ar: 'نقدًا' },
  bank: { en: 'Bank transfer', ar: 'تحويل بنكي' },
  reference: { en: 'Reference', ar: 'المرجع' },
  cancel: { en: 'Cancel', ar: 'إلغاء' },
  payments: { en: 'Payments', ar: 'الدفعات' },
  noPayments: { en: 'No payments yet', ar: 'لا توجد دفعات بعد' },
  entry: { en: 'Entry', ar: 'القيد' },
} satisfies Record<string, Label>;
