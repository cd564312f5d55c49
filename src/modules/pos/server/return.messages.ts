import type { Label } from '../../../core/i18n/locale';

/**
 * Messages of till returns, en/ar (kept apart from ../messages.ts, which the other POS work extends). The refusals
 * of the return itself (more than sold, the period, the reason, partial returns) are sales' (sales/server/return.messages.ts).
 */
export const prm = {
  orderRequired: { en: 'Sales order is required', ar: 'أمر البيع مطلوب' },
  searchRequired: {
    en: 'Type part of the order number, the customer\'s name or phone, or the date (at most 60 characters)',
    ar: 'اكتب جزءًا من رقم الطلب أو اسم العميل أو هاتفه أو التاريخ (60 حرفًا على الأكثر)',
  },
  orderNotFound: { en: 'No till order has the number {number}', ar: 'لا يوجد طلب نقطة بيع بالرقم {number}' },
  notTillOrder: {
    en: 'This order was not sold at a till: return it from the sales office (Sales returns)',
    ar: 'هذا الطلب لم يُبع في نقطة البيع: أرجعه من مرتجعات المبيعات',
  },
  refundMethodRequired: { en: 'Refund method is required', ar: 'طريقة الاسترداد مطلوبة' },
  sessionClosed: { en: 'This session is closed: open a session to take returns', ar: 'هذه الجلسة مغلقة: افتح جلسة لاستقبال المرتجعات' },
  refundTooLarge: {
    en: 'Cannot refund {amount} by {method}: only {paid} was paid by {method} on this order',
    ar: 'لا يمكن رد {amount} عن طريق {method}: المدفوع بهذه الطريقة في هذا الطلب {paid} فقط',
  },
  linesInvalid: { en: 'Add at least one line to return', ar: 'أضف سطرًا واحدًا على الأقل للإرجاع' },
  notesTooLong: { en: 'Notes: at most 2000 characters', ar: 'الملاحظات: 2000 حرف على الأكثر' },
} satisfies Record<string, Label>;
