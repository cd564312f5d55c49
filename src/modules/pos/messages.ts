import type { Label } from '../../core/i18n/locale';

/** Messages of the point of sale, en/ar (the spec's wording where it has one). */
export const pm = {
  sessionRequired: { en: 'Session is required', ar: 'الجلسة مطلوبة' },
  customerRequired: { en: 'Customer is required', ar: 'العميل مطلوب' },
  priceListRequired: { en: 'Price List is required', ar: 'قائمة الأسعار مطلوبة' },
  paymentMethodRequired: { en: 'Payment Method is required', ar: 'طريقة الدفع مطلوبة' },
  // a sale sent with no payment at all (the spec's common message)
  paymentRequired: { en: 'Payment is required', ar: 'الدفع مطلوب' },
  sessionClosed: { en: 'This session is closed: open a session to sell', ar: 'هذه الجلسة مغلقة: افتح جلسة للبيع' },
  alreadyClosed: { en: 'This session is already closed', ar: 'هذه الجلسة مغلقة بالفعل' },
  sessionNotFound: { en: 'The session does not exist', ar: 'الجلسة غير موجودة' },
  branchInactive: { en: 'This branch is inactive', ar: 'هذا الفرع غير نشط' },
  oneActiveSession: { en: 'You already have an active session at this branch', ar: 'لديك جلسة نشطة بالفعل في هذا الفرع' },
  linesRequired: { en: 'Add at least one product', ar: 'أضف منتجًا واحدًا على الأقل' },
  lineQuantity: { en: 'Line {line}: the quantity must be greater than zero', ar: 'السطر {line}: يجب أن تكون الكمية أكبر من صفر' },
  linePrice: { en: 'Line {line}: the price cannot be negative', ar: 'السطر {line}: لا يمكن أن يكون السعر سالبًا' },
  lineDiscount: { en: 'Line {line}: the discount must be between 0 and 100%', ar: 'السطر {line}: يجب أن يكون الخصم بين 0 و100%' },
  lineInvalid: { en: 'Line {line} is not valid', ar: 'السطر {line} غير صالح' },
  paymentInvalid: { en: 'Payment {line}: give a method (cash, bank transfer or credit) and an amount greater than zero', ar: 'الدفعة {line}: حدد طريقة الدفع (نقدًا أو تحويل بنكي أو آجل) ومبلغًا أكبر من صفر' },
  // more decimals than the currency (accounting's beyondCurrency): a thousandth of a riyal cannot be handed over
  // the session's opening and counted money ({field}: its label)
  cashDecimals: { en: '{field} allows at most {decimals} decimal places: the currency has no smaller unit', ar: '{field}: الحد الأقصى للمنازل العشرية {decimals}، إذ لا توجد في العملة وحدة أصغر' },
  paymentDecimals: { en: 'Payment {line}: the amount allows at most {decimals} decimal places: the currency has no smaller unit', ar: 'مبلغ الدفعة {line}: الحد الأقصى للمنازل العشرية {decimals}، إذ لا توجد في العملة وحدة أصغر' },
  paymentsShort: { en: 'The payments ({paid}) do not cover the total ({total}): put the rest on credit', ar: 'المدفوعات ({paid}) لا تغطي الإجمالي ({total}): سجل الباقي آجلًا' },
  paymentsOver: { en: 'Paying more than due: only cash can exceed the total (the change is given back)', ar: 'المبلغ المدفوع أكبر من المستحق: النقد وحده يمكن أن يتجاوز الإجمالي (ويُرد الباقي)' },
  creditNeedsCustomer: { en: 'A sale on credit needs a named customer, not the walk-in customer', ar: 'البيع الآجل يحتاج إلى عميل مسمى، لا العميل النقدي' },
  countedInvalid: { en: 'Counted {method}: give an amount of zero or more', ar: 'المبلغ المعدود ({method}): أدخل مبلغًا يساوي صفرًا أو أكثر' },
  accountsMissing: { en: 'The cash difference accounts are not set in the POS settings', ar: 'حسابات فروقات النقدية غير محددة في إعدادات نقطة البيع' },
  walkInMissing: { en: 'Customer is required', ar: 'العميل مطلوب' },
  walkInName: { en: 'Walk-in customer', ar: 'عميل نقدي' },
  // the POS settings (server/settings.hooks.ts); {field} is the setting's label
  walkInNotCustomer: { en: '{field}: choose a contact with the customer role', ar: '{field}: اختر جهة اتصال لها دور العميل' },
  shortageNotExpense: { en: '{field}: choose an active expense account without sub-accounts', ar: '{field}: اختر حساب مصروفات نشطًا ليس له حسابات فرعية' },
  overageNotIncome: { en: '{field}: choose an active income account without sub-accounts', ar: '{field}: اختر حساب إيرادات نشطًا ليس له حسابات فرعية' },
} satisfies Record<string, Label>;

export const METHOD_LABELS: Record<string, Label> = {
  cash: { en: 'cash', ar: 'النقد' },
  bank_transfer: { en: 'bank transfer', ar: 'التحويل البنكي' },
  credit: { en: 'credit', ar: 'الآجل' },
};
