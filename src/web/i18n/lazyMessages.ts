import { i18next } from './i18n';

/**
 * Strings that only lazy chunks use (the keyboard shortcuts overlay, the pager, the list's filters button, the
 * account menu), merged into i18next when one of those chunks loads, so they do not weigh on the initial bundle
 * (tests/e2e/bundle-size.test.ts). Same keys in both languages, checked by type, like en.ts and ar.ts.
 * Import this module (for its effect) from any lazy component that uses them.
 */
const en = {
  shell: {
    userMenu: 'Account menu: {{name}}',
    shortcuts: 'Keyboard shortcuts',
    shortcutsScreen: 'On this screen',
    shortcutsEverywhere: 'Everywhere',
    keys: {
      palette: 'Search screens',
      help: 'Show this list of shortcuts',
      skip: 'First Tab: skip to the content',
      save: 'Save the form you are in',
      submit: 'Submit the form (in a field)',
      close: 'Close the dialog or menu',
      listSearch: 'Search the list',
      listNew: 'New record',
      listFilters: 'Show or hide the filters',
      formSave: 'Save this form (asks to confirm first)',
      formSubmit: 'In a field: save this form',
      formClose: 'Close the form without saving',
      detailEdit: 'Edit this record',
      detailDelete: 'Delete this record (asks first)',
      detailBack: 'Back to the list',
      reportFilters: 'Show or hide the report\'s filters',
      reportExcel: 'Download as Excel',
      reportPdf: 'Download as PDF',
    },
  },
  list: {
    pagination: 'Pages',
    firstPage: 'First page',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    lastPage: 'Last page',
    page: 'Page {{page}}',
    showFilters: 'Filters',
    activeFilters: '{{count}} active',
  },
};

const ar: typeof en = {
  shell: {
    userMenu: 'قائمة الحساب: {{name}}',
    shortcuts: 'اختصارات لوحة المفاتيح',
    shortcutsScreen: 'في هذه الشاشة',
    shortcutsEverywhere: 'في كل الشاشات',
    keys: {
      palette: 'البحث في الشاشات',
      help: 'عرض قائمة الاختصارات هذه',
      skip: 'أول ضغطة Tab: التخطي إلى المحتوى',
      save: 'حفظ النموذج الذي أنت فيه',
      submit: 'إرسال النموذج (من داخل حقل)',
      close: 'إغلاق النافذة أو القائمة',
      listSearch: 'البحث في القائمة',
      listNew: 'سجل جديد',
      listFilters: 'إظهار عوامل التصفية أو إخفاؤها',
      formSave: 'حفظ هذا النموذج (بعد طلب التأكيد)',
      formSubmit: 'من داخل حقل: حفظ هذا النموذج',
      formClose: 'إغلاق النموذج دون حفظ',
      detailEdit: 'تعديل هذا السجل',
      detailDelete: 'حذف هذا السجل (بعد السؤال)',
      detailBack: 'العودة إلى القائمة',
      reportFilters: 'إظهار عوامل تصفية التقرير أو إخفاؤها',
      reportExcel: 'تنزيل بصيغة Excel',
      reportPdf: 'تنزيل بصيغة PDF',
    },
  },
  list: {
    pagination: 'الصفحات',
    firstPage: 'الصفحة الأولى',
    previousPage: 'الصفحة السابقة',
    nextPage: 'الصفحة التالية',
    lastPage: 'الصفحة الأخيرة',
    page: 'الصفحة {{page}}',
    showFilters: 'عوامل التصفية',
    activeFilters: '{{count}} مفعّلة',
  },
};

i18next.addResourceBundle('en', 'translation', en, true, false);
i18next.addResourceBundle('ar', 'translation', ar, true, false);
