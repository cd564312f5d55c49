import type { Label } from '../../../core/i18n/locale';

/** Messages of sales returns, en/ar (kept apart from messages.ts, which the order's work also extends). */
export const rm = {
  orderNotFound: { en: 'The sales order does not exist', ar: 'أمر البيع غير موجود' },
  orderNotReturnable: { en: 'Only a confirmed or completed sales order can be returned', ar: 'لا يمكن إرجاع إلا أمر بيع مؤكد أو مكتمل' },
  orderChanged: { en: 'The sales order of a return cannot be changed; create another return', ar: 'لا يمكن تغيير أمر البيع في المرتجع؛ أنشئ مرتجعًا آخر' },
  noLines: { en: 'Add at least one line', ar: 'أضف سطرًا واحدًا على الأقل' },
  tooManyLines: { en: 'At most {max} lines', ar: 'الحد الأقصى {max} سطر' },
  lineInvalid: { en: 'Line {line} is not valid', ar: 'السطر {line} غير صالح' },
  lineQuantity: { en: 'Line {line}: the quantity must be greater than zero', ar: 'السطر {line}: يجب أن تكون الكمية أكبر من صفر' },
  lineMissing: { en: 'Line {line}: the order has no line {orderLine}', ar: 'السطر {line}: لا يوجد في الطلب سطر رقم {orderLine}' },
  lineTwice: { en: 'Line {line}: order line {orderLine} is already on this return', ar: 'السطر {line}: سطر الطلب {orderLine} موجود مسبقًا في هذا المرتجع' },
  tooMuch: {
    en: 'Line {line}: cannot return {quantity} of {product}; only {left} left to return',
    ar: 'السطر {line}: لا يمكن إرجاع {quantity} من {product}؛ المتبقي القابل للإرجاع {left} فقط',
  },
  periodOver: {
    // {days}: formatUnit's "14 days" / "7 أيام" / "14 يومًا" (the noun takes the number's form)
    en: 'The return period of {days} is over: the order is of {date}',
    ar: 'انتهت مدة الإرجاع البالغة {days}: تاريخ الطلب {date}',
  },
  partialNotAllowed: {
    en: 'Partial returns are not allowed: return every item left on the order, in full',
    ar: 'الإرجاع الجزئي غير مسموح: أرجع جميع الأصناف المتبقية في الطلب بكامل كمياتها',
  },
  reasonRequired: { en: 'Reason is required', ar: 'السبب مطلوب' },
  reasonNotFound: { en: 'The reason does not exist', ar: 'السبب غير موجود' },
  locationRequired: { en: 'Location is required', ar: 'الموقع مطلوب' },
} satisfies Record<string, Label>;
