import { i18next } from '../../i18n/i18n';

/**
 * Strings of the import drawer, merged into i18next when its lazy chunk loads (as i18n/lazyMessages.ts does), so
 * they do not weigh on the initial bundle. Same keys in both languages, checked by type.
 */
const en = {
  importData: {
    button: 'Import',
    title: 'Import {{entity}}',
    intro: 'Upload an Excel workbook (.xlsx) or a CSV file. Headers may be in English or Arabic; the template has the columns.',
    templateEn: 'Template (English headers)',
    templateAr: 'Template (Arabic headers)',
    file: 'File to import',
    filePlaceholder: 'Choose an .xlsx or .csv file',
    clearFile: 'Remove the file',
    read: 'Read the file',
    mapping: 'Columns',
    fileColumn: 'Column in the file',
    field: 'Field',
    fieldFor: 'Field for the column "{{column}}"',
    ignore: 'Do not import',
    line: 'Line: {{label}}',
    dryRun: 'Check (nothing is stored)',
    run: 'Import',
    validOnly: 'Import only the valid rows (leave out the rows with errors)',
    uploading: 'Sending the file: {{percent}}%',
    processed: '{{count}} rows read',
    summary: '{{rows}} rows: {{inserted}} new, {{updated}} updated, {{unchanged}} unchanged, {{failed}} with errors',
    checked: 'Check done',
    errors: 'Errors',
    row: 'Row',
    column: 'Column',
    message: 'Message',
    moreErrors: 'Only the first {{count}} errors are listed',
    done: 'Import done: {{inserted}} new, {{updated}} updated',
    failed: 'The import could not be done',
    noErrors: 'No errors: the file can be imported',
  },
};

const ar: typeof en = {
  importData: {
    button: 'استيراد',
    title: 'استيراد {{entity}}',
    intro: 'ارفع مصنف Excel بصيغة ‎.xlsx أو ملف CSV. يمكن أن تكون العناوين بالعربية أو بالإنجليزية؛ ويحتوي القالب على الأعمدة.',
    templateEn: 'القالب (عناوين بالإنجليزية)',
    templateAr: 'القالب (عناوين بالعربية)',
    file: 'الملف المراد استيراده',
    filePlaceholder: 'اختر ملف ‎.xlsx أو ‎.csv',
    clearFile: 'إزالة الملف',
    read: 'قراءة الملف',
    mapping: 'الأعمدة',
    fileColumn: 'العمود في الملف',
    field: 'الحقل',
    fieldFor: 'الحقل للعمود "{{column}}"',
    ignore: 'عدم الاستيراد',
    line: 'بند: {{label}}',
    dryRun: 'تحقق (دون حفظ)',
    run: 'استيراد',
    validOnly: 'استيراد الصفوف السليمة فقط (وترك الصفوف التي فيها أخطاء)',
    uploading: 'جارٍ إرسال الملف: {{percent}}٪',
    processed: 'تمت قراءة {{count}} صف',
    summary: '{{rows}} صف: {{inserted}} جديد، {{updated}} محدَّث، {{unchanged}} دون تغيير، {{failed}} فيها أخطاء',
    checked: 'اكتمل التحقق',
    errors: 'الأخطاء',
    row: 'الصف',
    column: 'العمود',
    message: 'الرسالة',
    moreErrors: 'تُعرض أول {{count}} من الأخطاء فقط',
    done: 'اكتمل الاستيراد: {{inserted}} جديد، {{updated}} محدَّث',
    failed: 'تعذر إتمام الاستيراد',
    noErrors: 'لا توجد أخطاء: يمكن استيراد الملف',
  },
};

i18next.addResourceBundle('en', 'translation', en, true, false);
i18next.addResourceBundle('ar', 'translation', ar, true, false);
