import type { Label } from '../../../core/i18n/locale';

/** Texts of the ZATCA e-invoicing screen (/accounting/einvoicing) and the invoice page's e-invoice panel, in both languages. */
export const et = {
  title: { en: 'E-invoicing (ZATCA)', ar: 'الفوترة الإلكترونية (هيئة الزكاة والضريبة والجمارك)' },
  intro: {
    en: "Units onboarded with ZATCA sign every confirmed invoice and credit or debit note, each unit in its own chain: a POS branch's unit its till sales, the unit without a branch the office's invoices and notes (and the sales of a branch without a unit). Simplified invoices are reported and standard ones cleared by the queue every minute.",
    ar: 'تُوقّع الوحدات المسجلة لدى هيئة الزكاة والضريبة والجمارك كل فاتورة وإشعار دائن أو مدين مؤكد، لكل وحدة سلسلتها: وحدة فرع نقطة البيع توقّع مبيعاته، والوحدة دون فرع توقّع فواتير المكتب وإشعاراته (ومبيعات الفرع الذي لا وحدة له). ويُبلَّغ عن الفواتير المبسطة وتُعتمد الفواتير القياسية عبر قائمة الإرسال كل دقيقة.',
  },
  units: { en: 'E-invoicing units', ar: 'وحدات الفوترة الإلكترونية' },
  noUnits: { en: 'No unit onboarded yet: invoices are not signed or sent to ZATCA.', ar: 'لا توجد وحدة مسجلة بعد: لا تُوقَّع الفواتير ولا تُرسل إلى الهيئة.' },
  name: { en: 'Unit name', ar: 'اسم الوحدة' },
  environment: { en: 'Environment', ar: 'البيئة' },
  status: { en: 'Status', ar: 'الحالة' },
  lastIcv: { en: 'Last ICV', ar: 'آخر عداد فاتورة' },
  pending: { en: 'Pending', ar: 'بانتظار الإرسال' },
  rejectedCount: { en: 'Rejected', ar: 'مرفوضة' },
  onboardedAt: { en: 'Onboarded at', ar: 'تاريخ التسجيل' },
  onboard: { en: 'Onboard a unit', ar: 'تسجيل وحدة' },
  onboardHelp: {
    en: 'Get a one-time password (OTP) for a new unit on the Fatoora portal, then onboard it here: the key, the certificate request, the compliance checks and the production certificate are done in one step.',
    ar: 'احصل على كلمة مرور لمرة واحدة (OTP) لوحدة جديدة من بوابة فاتورة، ثم سجّلها هنا: المفتاح وطلب الشهادة وفحوص الامتثال وشهادة الإنتاج تتم في خطوة واحدة.',
  },
  otp: { en: 'One-time password (OTP)', ar: 'كلمة المرور لمرة واحدة (OTP)' },
  branch: { en: 'Organisation unit in the certificate (optional)', ar: 'الوحدة التنظيمية في الشهادة (اختياري)' },
  posBranch: { en: 'POS branch', ar: 'فرع نقطة البيع' },
  posBranchHelp: {
    en: "The branch whose till sales this unit signs, in its own chain. Leave empty for the office's invoices and notes.",
    ar: 'الفرع الذي توقّع هذه الوحدة مبيعات نقاط البيع فيه، في سلسلة خاصة بها. اتركه فارغًا لفواتير المكتب وإشعاراته.',
  },
  officeUnit: { en: 'None: office invoices and notes', ar: 'لا يوجد: فواتير المكتب وإشعاراته' },
  branchOf: { en: 'POS branch of {name}', ar: 'فرع نقطة البيع للوحدة {name}' },
  bindFailed: { en: "The unit's branch was not changed", ar: 'لم يتغيّر فرع الوحدة' },
  chainsHeading: { en: 'Chains', ar: 'السلاسل' },
  chainOf: { en: '{name}: {checked} documents, last ICV {icv}', ar: '{name}: {checked} مستند، آخر عداد فاتورة {icv}' },
  industry: { en: 'Industry (optional)', ar: 'النشاط (اختياري)' },
  baseUrl: { en: 'Authority address (optional)', ar: 'عنوان الهيئة (اختياري)' },
  baseUrlHelp: { en: "Leave empty to use the environment's own address", ar: 'اتركه فارغًا لاستخدام العنوان الخاص بالبيئة' },
  onboardDone: { en: 'Unit {name} onboarded', ar: 'تم تسجيل الوحدة {name}' },
  onboardFailed: { en: 'The unit was not onboarded', ar: 'لم يتم تسجيل الوحدة' },
  send: { en: 'Send pending now', ar: 'أرسل المعلّق الآن' },
  sendHelp: { en: 'Sends the pending e-invoices to ZATCA now instead of waiting for the next minute.', ar: 'يرسل الفواتير الإلكترونية المعلّقة إلى الهيئة الآن بدل انتظار الدقيقة التالية.' },
  sent: { en: 'Sent: {n}', ar: 'المُرسل: {n}' },
  sendFailed: { en: 'Sending failed', ar: 'فشل الإرسال' },
  outcome_reported: { en: 'Reported: {n}', ar: 'تم الإبلاغ: {n}' },
  outcome_cleared: { en: 'Cleared: {n}', ar: 'تم الاعتماد: {n}' },
  outcome_rejected: { en: 'Rejected: {n}', ar: 'مرفوضة: {n}' },
  outcome_retry: { en: 'To retry later: {n}', ar: 'ستُعاد المحاولة لاحقًا: {n}' },
  verify: { en: 'Invoice chain verification', ar: 'التحقق من سلسلة الفواتير' },
  verifyAgain: { en: 'Verify again', ar: 'تحقق مجددًا' },
  verifyOk: { en: 'The chain is intact. Documents checked: {checked}; units: {units}.', ar: 'السلسلة سليمة. المستندات المفحوصة: {checked}؛ الوحدات: {units}.' },
  verifyBad: { en: 'Problems found: {n} (documents checked: {checked}).', ar: 'المشكلات المكتشفة: {n} (المستندات المفحوصة: {checked}).' },
  unit: { en: 'Unit', ar: 'الوحدة' },
  icv: { en: 'ICV', ar: 'عداد الفاتورة' },
  invoice: { en: 'Invoice', ar: 'الفاتورة' },
  problem: { en: 'Problem', ar: 'المشكلة' },
  loadFailed: { en: 'Could not load', ar: 'تعذر التحميل' },
  // the invoice page's panel
  panel: { en: 'E-invoice (ZATCA)', ar: 'الفاتورة الإلكترونية (هيئة الزكاة والضريبة والجمارك)' },
  type: { en: 'Type', ar: 'النوع' },
  uuid: { en: 'UUID', ar: 'المعرّف الفريد (UUID)' },
  hash: { en: 'Hash', ar: 'البصمة (Hash)' },
  attempts: { en: 'Attempts', ar: 'المحاولات' },
  answeredAt: { en: 'Answered at', ar: 'تاريخ الرد' },
  messages: { en: "The authority's messages", ar: 'رسائل الهيئة' },
  noMessages: { en: 'No messages', ar: 'لا توجد رسائل' },
} satisfies Record<string, Label>;

export const statusText: Record<string, Label> = {
  pending: { en: 'Pending', ar: 'بانتظار الإرسال' },
  reported: { en: 'Reported', ar: 'تم الإبلاغ' },
  cleared: { en: 'Cleared', ar: 'تم الاعتماد' },
  rejected: { en: 'Rejected', ar: 'مرفوضة' },
  active: { en: 'Active', ar: 'نشطة' },
  onboarding: { en: 'Onboarding', ar: 'قيد التسجيل' },
  disabled: { en: 'Disabled', ar: 'معطلة' },
};
export const statusColor: Record<string, string> = { pending: 'yellow', reported: 'teal', cleared: 'green', rejected: 'red', active: 'teal', onboarding: 'yellow', disabled: 'gray' };

export const environmentText: Record<string, Label> = {
  sandbox: { en: 'Sandbox', ar: 'تجريبية' },
  simulation: { en: 'Simulation', ar: 'محاكاة' },
  production: { en: 'Production', ar: 'إنتاج' },
};

export const profileText: Record<string, Label> = {
  standard: { en: 'Standard tax invoice', ar: 'فاتورة ضريبية' },
  simplified: { en: 'Simplified tax invoice', ar: 'فاتورة ضريبية مبسطة' },
};
export const kindText: Record<string, Label> = {
  invoice: { en: 'Invoice', ar: 'فاتورة' },
  credit: { en: 'Credit note', ar: 'إشعار دائن' },
  debit: { en: 'Debit note', ar: 'إشعار مدين' },
};

/** The verify report's reasons (server/zatca/verify.ts). */
export const reasonText: Record<string, Label> = {
  hash: { en: "The stored XML's hash no longer matches (the invoice was altered)", ar: 'بصمة ملف XML المحفوظ لم تعد مطابقة (تم تعديل الفاتورة)' },
  digest: { en: "The signature's digest does not match the hash", ar: 'ملخص التوقيع لا يطابق البصمة' },
  fields: { en: "The UUID, ICV or previous hash written in the XML differ from the record's", ar: 'المعرّف الفريد أو العداد أو البصمة السابقة المكتوبة في XML تختلف عن السجل' },
  pih: { en: "The previous invoice hash is not the previous document's hash", ar: 'بصمة الفاتورة السابقة لا تطابق بصمة المستند السابق' },
  gap: { en: 'A gap or a repeat in the invoice counter (ICV)', ar: 'فجوة أو تكرار في عداد الفواتير (ICV)' },
  signature: { en: "The signature does not verify with the unit's certificate", ar: 'التوقيع لا يتحقق بشهادة الوحدة' },
  unreadable: { en: 'The stored XML cannot be read', ar: 'تعذرت قراءة ملف XML المحفوظ' },
  head: { en: "The unit's last ICV or hash does not match its last document", ar: 'آخر عداد أو بصمة للوحدة لا يطابق آخر مستند لها' },
};
