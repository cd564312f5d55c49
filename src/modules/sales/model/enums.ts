import type { EnumOption, } from '../../../core/entity/field';
import type { Transition } from '../../../core/entity/define';

/** States, payment statuses and methods of sales orders (spec section 4 and 9), en/ar. */
export const ORDER_STATES: EnumOption[] = [
  { value: 'draft', label: { en: 'Draft', ar: 'مسودة' } },
  { value: 'pending', label: { en: 'Pending', ar: 'قيد الانتظار' } },
  { value: 'confirmed', label: { en: 'Confirmed', ar: 'مؤكد' } },
  { value: 'completed', label: { en: 'Completed', ar: 'مكتمل' } },
  { value: 'cancelled', label: { en: 'Cancelled', ar: 'ملغى' } },
  { value: 'rejected', label: { en: 'Rejected', ar: 'مرفوض' } },
];

export const PAYMENT_STATUSES: EnumOption[] = [
  { value: 'unpaid', label: { en: 'Unpaid', ar: 'غير مدفوع' } },
  { value: 'partially_paid', label: { en: 'Partially paid', ar: 'مدفوع جزئيًا' } },
  { value: 'paid', label: { en: 'Paid', ar: 'مدفوع' } },
];

export const PAYMENT_METHODS: EnumOption[] = [
  { value: 'cash', label: { en: 'Cash', ar: 'نقدًا' } },
  { value: 'credit', label: { en: 'Credit (on account)', ar: 'آجل (على الحساب)' } },
  { value: 'bank_transfer', label: { en: 'Bank transfer', ar: 'تحويل بنكي' } },
];

/**
 * draft -> pending (submit for approval) -> confirmed (invoice issued and goods delivered, one transaction)
 * -> completed (paid in full, written by the pay action); draft/pending -> cancelled; pending -> rejected;
 * cancelled/rejected/pending -> draft (reset). A confirmed order is not cancelled: see the module's README.
 */
export const orderTransitions: Record<string, Transition> = {
  submit: { label: { en: 'Submit for approval', ar: 'إرسال للاعتماد' }, from: ['draft'], to: 'pending' },
  confirm: { label: { en: 'Confirm', ar: 'تأكيد' }, from: ['draft', 'pending'], to: 'confirmed', confirm: true, color: 'green' },
  reject: { label: { en: 'Reject', ar: 'رفض' }, from: ['pending'], to: 'rejected', confirm: true, color: 'red' },
  cancel: { label: { en: 'Cancel', ar: 'إلغاء' }, from: ['draft', 'pending'], to: 'cancelled', confirm: true, color: 'red' },
  resetToDraft: { label: { en: 'Reset to draft', ar: 'إعادة إلى مسودة' }, from: ['pending', 'cancelled', 'rejected'], to: 'draft', confirm: true, permission: 'change' },
};
