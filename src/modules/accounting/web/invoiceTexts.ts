import type { Label } from '../../../core/i18n/locale';

/** Texts of the invoice detail screen (payments, credit note, print), in both languages. */
export const tx = {
  payments: { en: 'Payments', ar: 'الدفعات' },
  noPayments: { en: 'No payments yet', ar: 'لا توجد دفعات بعد' },
  recordPayment: { en: 'Record payment', ar: 'تسجيل دفعة' },
  paymentRecorded: { en: 'Payment recorded', ar: 'تم تسجيل الدفعة' },
  paymentFailed: { en: 'Error recording payment', ar: 'خطأ في تسجيل الدفعة' },
  creditNote: { en: 'Credit note', ar: 'إشعار دائن' },
  creditNoteAsk: { en: 'Create and post a credit note for the whole invoice?', ar: 'هل تريد إنشاء وترحيل إشعار دائن بكامل الفاتورة؟' },
  creditNoteDone: { en: 'Credit note created', ar: 'تم إنشاء الإشعار الدائن' },
  creditNoteFailed: { en: 'Error creating credit note', ar: 'خطأ في إنشاء الإشعار الدائن' },
  print: { en: 'Print', ar: 'طباعة' },
  pdf: { en: 'PDF', ar: 'PDF' },
  pdfBoth: { en: 'Bilingual PDF', ar: 'PDF ثنائي اللغة' },
  receipt: { en: 'Receipt (80 mm)', ar: 'إيصال (80 مم)' },
  pdfFailed: { en: 'Failed to download PDF', ar: 'تعذر تنزيل ملف PDF' },
  amount: { en: 'Amount', ar: 'المبلغ' },
  date: { en: 'Date', ar: 'التاريخ' },
  journal: { en: 'Journal', ar: 'الدفتر' },
  journalHelp: { en: 'Cash journal when empty', ar: 'دفتر النقدية إذا تُرك فارغاً' },
  reference: { en: 'Reference', ar: 'المرجع' },
  cancel: { en: 'Cancel', ar: 'إلغاء' },
  entry: { en: 'Entry', ar: 'القيد' },
} satisfies Record<string, Label>;
