/** Sign-up's country, currency and fiscal-year labels, in both languages (Labels, read with `label()`). */
export const signupTexts = {
  country: { en: 'Country', ar: 'الدولة' },
  countryHelp: { en: 'Sets the chart of accounts, the taxes and the tax number format', ar: 'تحدد دليل الحسابات والضرائب وصيغة الرقم الضريبي' },
  currencyHelp: { en: "The company's books are kept in this currency", ar: 'تُمسك دفاتر الشركة بهذه العملة' },
  fiscalYearStartMonth: { en: 'Fiscal year starts in', ar: 'تبدأ السنة المالية في شهر' },
  taxNumber: { en: 'Tax number (optional)', ar: 'الرقم الضريبي (اختياري)' },
  taxNumberFormat: { en: 'Format: {format}', ar: 'الصيغة: {format}' },
  nothingFound: { en: 'Nothing found', ar: 'لا توجد نتائج' },
};
