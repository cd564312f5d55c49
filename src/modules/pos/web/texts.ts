import { sessionLabels } from '../session.labels';

/** Strings of the POS screens, en/ar (the shell's are in src/web/i18n; a session's figures in ../session.labels.ts). */
export const pt = {
  ...sessionLabels,
  close: { en: 'Close session', ar: 'إغلاق الجلسة' },
  closeTitle: { en: 'Close the session: count the till', ar: 'إغلاق الجلسة: عد النقدية' },
  countedCash: { en: 'Counted cash', ar: 'النقدية المعدودة' },
  countedBank: { en: 'Bank transfers received', ar: 'التحويلات البنكية المستلمة' },
  closeAsk: { en: 'Close this session? No sale can be added to it afterwards.', ar: 'هل تريد إغلاق هذه الجلسة؟ لا يمكن إضافة مبيعات إليها بعد ذلك.' },
  closed: { en: 'Session closed', ar: 'تم إغلاق الجلسة' },
  closeFailed: { en: 'The session could not be closed', ar: 'تعذر إغلاق الجلسة' },
  cancel: { en: 'Cancel', ar: 'إلغاء' },
  loadFailed: { en: 'Failed to load the session summary', ar: 'تعذر تحميل ملخص الجلسة' },
  print: { en: 'Print', ar: 'طباعة' },
  printA4: { en: 'A4 page', ar: 'صفحة A4' },
  printReceipt: { en: 'Receipt (80 mm)', ar: 'إيصال (80 مم)' },
  printFailed: { en: 'Failed to download PDF', ar: 'تعذر تنزيل ملف PDF' },
};
