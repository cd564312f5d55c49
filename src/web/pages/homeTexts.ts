/** The home page's setup checklist and dashboards, in both languages (Labels, read with `label()`). */
export const homeTexts = {
  setupTitle: { en: 'Set up your company', ar: 'إعداد شركتك' },
  setupIntro: { en: 'Each step ticks itself once its data is there. {done} of {total} done.', ar: 'تُعلَّم كل خطوة تلقائيًا عند إدخال بياناتها. أُنجز {done} من {total}.' },
  done: { en: 'Done', ar: 'تم' },
  todo: { en: 'To do', ar: 'لم تُنجز' },
  open: { en: 'Open', ar: 'فتح' },
  dashboards: { en: 'Dashboards', ar: 'لوحات المتابعة' },
  loadFailed: { en: 'The setup checklist could not be loaded', ar: 'تعذّر تحميل قائمة الإعداد' },
};
