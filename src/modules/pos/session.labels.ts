import type { Label } from '../../core/i18n/locale';

/**
 * A session's figures as the session page (web/SessionDetailScreen.tsx) and its print (server/session.print.ts) name
 * them, en/ar: the summary's (spec: total orders, sales, items sold, returns, refunds, paid, dues, duration, payment
 * methods, orders by status), the payment methods and order states, and the till count's.
 */
export const sessionLabels = {
  summary: { en: 'Session summary', ar: 'ملخص الجلسة' },
  orders: { en: 'Total orders', ar: 'إجمالي الطلبات' },
  sales: { en: 'Sales', ar: 'المبيعات' },
  itemsSold: { en: 'Items sold', ar: 'الأصناف المباعة' },
  returns: { en: 'Returns', ar: 'المرتجعات' },
  refunds: { en: 'Refunds', ar: 'المبالغ المستردة' },
  paid: { en: 'Paid', ar: 'المدفوع' },
  dues: { en: 'Dues', ar: 'المستحقات' },
  duration: { en: 'Duration', ar: 'المدة' },
  paymentMethods: { en: 'Payment methods', ar: 'طرق الدفع' },
  refundMethods: { en: 'Returns by refund method', ar: 'المرتجعات حسب طريقة الاسترداد' },
  ordersByStatus: { en: 'Orders by status', ar: 'الطلبات حسب الحالة' },
  none: { en: 'No sales yet', ar: 'لا توجد مبيعات بعد' },
  cash: { en: 'Cash', ar: 'نقدًا' },
  bank_transfer: { en: 'Bank transfer', ar: 'تحويل بنكي' },
  credit: { en: 'Credit (on account)', ar: 'آجل (على الحساب)' },
  draft: { en: 'Draft', ar: 'مسودة' },
  pending: { en: 'Pending', ar: 'قيد الانتظار' },
  confirmed: { en: 'Confirmed', ar: 'مؤكد' },
  completed: { en: 'Completed', ar: 'مكتمل' },
  cancelled: { en: 'Cancelled', ar: 'ملغى' },
  rejected: { en: 'Rejected', ar: 'مرفوض' },
  // the print
  report: { en: 'POS session report', ar: 'تقرير جلسة نقطة البيع' },
  session: { en: 'Session', ar: 'الجلسة' },
  branch: { en: 'Branch', ar: 'الفرع' },
  user: { en: 'Salesperson', ar: 'البائع' },
  status: { en: 'Status', ar: 'الحالة' },
  openedAt: { en: 'Opened at', ar: 'وقت الفتح' },
  closedAt: { en: 'Closed at', ar: 'وقت الإغلاق' },
  notClosed: { en: 'Not closed yet', ar: 'لم تُغلق بعد' },
  salesByMethod: { en: 'Sales by payment method', ar: 'المبيعات حسب طريقة الدفع' },
  method: { en: 'Payment method', ar: 'طريقة الدفع' },
  amount: { en: 'Amount', ar: 'المبلغ' },
  total: { en: 'Total', ar: 'الإجمالي' },
  returnsRefunds: { en: 'Returns and refunds', ar: 'المرتجعات والمبالغ المستردة' },
  returnsTotal: { en: 'Value of returns', ar: 'قيمة المرتجعات' },
  count: { en: 'Till count', ar: 'جرد الصندوق' },
  openingCash: { en: 'Opening cash', ar: 'النقدية الافتتاحية' },
  expected: { en: 'Expected', ar: 'المتوقع' },
  counted: { en: 'Counted', ar: 'المعدود' },
  difference: { en: 'Difference', ar: 'الفرق' },
  closingCash: { en: 'Closing cash', ar: 'النقدية الختامية' },
  expectedSoFar: { en: 'The session is still open: the expected amounts are those so far, nothing is counted yet.', ar: 'الجلسة ما زالت مفتوحة: المبالغ المتوقعة حتى الآن، ولم يُعد شيء بعد.' },
  printedAt: { en: 'Printed at {at} by {user}', ar: 'طُبع في {at} بواسطة {user}' },
} satisfies Record<string, Label>;
