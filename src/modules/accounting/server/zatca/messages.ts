import type { Label } from '../../../../core/i18n/locale';

/** ZATCA e-invoicing messages, in both languages. */
export const zm = {
  inChain: {
    en: 'This invoice is in the ZATCA e-invoicing chain ({status}) and can no longer be changed or voided; issue a credit note instead',
    ar: 'هذه الفاتورة ضمن سلسلة الفوترة الإلكترونية لهيئة الزكاة والضريبة والجمارك ({status}) فلا يمكن تعديلها أو إبطالها؛ أصدر إشعارًا دائنًا بدلًا من ذلك',
  },
  statusPending: { en: 'waiting to be sent', ar: 'بانتظار الإرسال' },
  statusReported: { en: 'reported', ar: 'تم الإبلاغ عنها' },
  statusCleared: { en: 'cleared', ar: 'تم اعتمادها' },
  statusRejected: { en: 'rejected', ar: 'مرفوضة' },
  unitNameRequired: { en: 'Unit name is required', ar: 'اسم الوحدة مطلوب' },
  unitNameTaken: { en: 'A unit with this name already exists', ar: 'توجد وحدة بهذا الاسم بالفعل' },
  environmentInvalid: { en: 'Environment must be sandbox, simulation or production', ar: 'يجب أن تكون البيئة: تجريبية أو محاكاة أو إنتاج' },
  otpInvalid: { en: 'The one-time password (OTP) from the Fatoora portal must be 6 digits', ar: 'يجب أن تكون كلمة المرور لمرة واحدة (OTP) من بوابة فاتورة 6 أرقام' },
  baseUrlInvalid: { en: 'The address must start with https:// (or http:// for a local test endpoint)', ar: 'يجب أن يبدأ العنوان بـ https:// (أو http:// لنقطة اختبار محلية)' },
  notZatcaCompany: { en: 'ZATCA e-invoicing is for companies in Saudi Arabia', ar: 'الفوترة الإلكترونية لهيئة الزكاة والضريبة والجمارك خاصة بالشركات في المملكة العربية السعودية' },
  companyVatMissing: { en: "Set the company's VAT registration number before onboarding a unit", ar: 'أدخل رقم التسجيل الضريبي للشركة قبل تسجيل وحدة' },
  unitNotFound: { en: 'The e-invoicing unit does not exist', ar: 'وحدة الفوترة الإلكترونية غير موجودة' },
  onboardingFailed: { en: 'ZATCA refused the onboarding: {detail}', ar: 'رفضت هيئة الزكاة والضريبة والجمارك التسجيل: {detail}' },
  authorityUnreachable: { en: 'ZATCA could not be reached; try again later', ar: 'تعذّر الوصول إلى هيئة الزكاة والضريبة والجمارك؛ حاول لاحقًا' },
  rejected: { en: 'ZATCA rejected the invoice', ar: 'رفضت هيئة الزكاة والضريبة والجمارك الفاتورة' },
  authorityError: { en: 'ZATCA error {code}: {message}', ar: 'خطأ من هيئة الزكاة والضريبة والجمارك {code}: {message}' },
  authorityWarning: { en: 'ZATCA warning {code}: {message}', ar: 'تحذير من هيئة الزكاة والضريبة والجمارك {code}: {message}' },
  secretsKeyMissing: {
    en: "The e-invoicing unit's key cannot be opened: SECRETS_KEY is not set on the server. Nothing was saved",
    ar: 'تعذّر فتح مفتاح وحدة الفوترة الإلكترونية: لم يُضبط SECRETS_KEY على الخادم. لم يُحفظ شيء',
  },
  secretsKeyOther: {
    en: "The e-invoicing unit's key was sealed with another SECRETS_KEY (key id {keyId}) than this server's. Nothing was saved",
    ar: 'مفتاح وحدة الفوترة الإلكترونية مشفّر بمفتاح SECRETS_KEY غير مفتاح هذا الخادم (معرّف المفتاح {keyId}). لم يُحفظ شيء',
  },
  secretsKeyDamaged: {
    en: "The e-invoicing unit's key cannot be opened with this server's SECRETS_KEY (wrong key or damaged value). Nothing was saved",
    ar: 'تعذّر فتح مفتاح وحدة الفوترة الإلكترونية بمفتاح SECRETS_KEY لهذا الخادم (مفتاح خاطئ أو قيمة تالفة). لم يُحفظ شيء',
  },
  secretsKeyRequired: {
    en: 'Set SECRETS_KEY on the server before onboarding a unit: its private key is stored encrypted',
    ar: 'اضبط SECRETS_KEY على الخادم قبل تسجيل وحدة: يُحفظ مفتاحها الخاص مشفّرًا',
  },
  branchNotFound: { en: 'The POS branch does not exist', ar: 'فرع نقطة البيع غير موجود' },
  branchTaken: { en: 'This POS branch already has an active e-invoicing unit', ar: 'لفرع نقطة البيع هذا وحدة فوترة إلكترونية نشطة بالفعل' },
} satisfies Record<string, Label>;

export const statusLabel: Record<string, Label> = { pending: zm.statusPending, reported: zm.statusReported, cleared: zm.statusCleared, rejected: zm.statusRejected };
