/** Strings of the customers screens, en/ar (the fields' labels are the preset's, model/customer.preset.ts). */
export const ct = {
  balanceHelp: { en: 'What the customer owes: sales on credit less payments', ar: 'المستحق على العميل: المبيعات الآجلة ناقص المدفوعات' },
  balanceFailed: { en: 'Failed to load the balance', ar: 'تعذر تحميل الرصيد' },
  statement: { en: 'Customer statement', ar: 'كشف حساب العميل' },
};
