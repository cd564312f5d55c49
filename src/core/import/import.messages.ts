import type { Label } from '../i18n/locale';

/** What an import says, in both languages: a whole file refused, or one cell of one row. */
export const im = {
  notSpreadsheet: { en: 'This file is not a spreadsheet: upload an Excel workbook (.xlsx) or a CSV file', ar: 'هذا الملف ليس جدول بيانات: ارفع مصنف Excel بصيغة ‎.xlsx أو ملف CSV' },
  oldExcel: { en: 'Old Excel workbooks (.xls) are not read: save the file as .xlsx or CSV and upload it again', ar: 'لا تُقرأ مصنفات Excel القديمة (‎.xls): احفظ الملف بصيغة ‎.xlsx أو CSV وارفعه مرة أخرى' },
  emptyFile: { en: 'The file is empty: it has no header row and no data', ar: 'الملف فارغ: لا يحتوي على صف عناوين ولا على بيانات' },
  noRows: { en: 'The file has a header row but no data rows', ar: 'يحتوي الملف على صف العناوين فقط دون صفوف بيانات' },
  noFile: { en: 'Choose a file to import', ar: 'اختر ملفًا للاستيراد' },
  tooLarge: { en: 'The file is larger than {max} MB; split it into smaller files', ar: 'حجم الملف أكبر من {max} ميغابايت؛ قسّمه إلى ملفات أصغر' },
  tooManyRows: { en: 'The file has more than {max} rows; split it into smaller files', ar: 'يحتوي الملف على أكثر من {max} صف؛ قسّمه إلى ملفات أصغر' },
  noColumns: { en: 'No column of the file matches a field of {entity}: check the header row or map the columns', ar: 'لا يطابق أي عمود في الملف حقلًا من حقول {entity}: راجع صف العناوين أو اربط الأعمدة' },
  badMapping: { en: 'The column mapping is not valid', ar: 'ربط الأعمدة غير صالح' },
  notImportable: { en: 'Records of this kind cannot be imported', ar: 'لا يمكن استيراد سجلات من هذا النوع' },
  badXlsx: { en: 'The workbook could not be read: it is damaged or not an Excel file', ar: 'تعذرت قراءة المصنف: الملف تالف أو ليس ملف Excel' },
  formula: { en: 'Cell {cell} holds a formula; formulas are not evaluated: paste its value instead', ar: 'الخلية {cell} تحتوي على صيغة؛ لا تُحسب الصيغ: الصق قيمتها بدلًا منها' },
  cellError: { en: 'Cell {cell} holds an error value', ar: 'الخلية {cell} تحتوي على قيمة خطأ' },
  notNumber: { en: '{field} must be a number', ar: 'يجب أن يكون {field} رقمًا' },
  notDate: { en: '{field} must be a date (2026-03-31, 31/03/2026)', ar: 'يجب أن يكون {field} تاريخًا (2026-03-31 أو 31/03/2026)' },
  notBoolean: { en: '{field} must be Yes or No', ar: 'يجب أن يكون {field} نعم أو لا' },
  notChoice: { en: '{field}: "{value}" is not one of the choices', ar: '{field}: "{value}" ليست من الخيارات المتاحة' },
  refMissing: { en: '{field}: no record named "{value}" in this company', ar: '{field}: لا يوجد سجل باسم "{value}" في هذه الشركة' },
  refAmbiguous: { en: '{field}: several records are named "{value}"; use the code', ar: '{field}: توجد عدة سجلات باسم "{value}"؛ استخدم الرمز' },
  duplicateKey: { en: '{field} "{value}" appears again in row {row} of the file', ar: '{field} "{value}" مكرر في الصف {row} من الملف' },
  keyRequired: { en: '{field} is required to group the lines of a record', ar: '{field} مطلوب لتجميع بنود السجل' },
  badValue: { en: 'A value of this row cannot be stored', ar: 'لا يمكن حفظ إحدى قيم هذا الصف' },
  failed: { en: 'The import stored nothing: rows with errors: {count}', ar: 'لم يُحفظ شيء من الاستيراد: الصفوف التي بها أخطاء: {count}' },
} satisfies Record<string, Label>;
