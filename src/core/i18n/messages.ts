import type { Label } from './locale';

/**
 * Messages the server and the web both show. Field-level defaults use {field}; the spec's own messages
 * (e.g. "UOM is required") are set per field in the entity definition and win over these.
 */
export const messages = {
  required: { en: '{field} is required', ar: '{field} مطلوب' },
  tooLong: { en: '{field} must be at most {max} characters', ar: 'يجب ألا يتجاوز {field} {max} حرفًا' },
  tooShort: { en: '{field} must be at least {min} characters', ar: 'يجب ألا يقل {field} عن {min} أحرف' },
  invalid: { en: '{field} is not valid', ar: '{field} غير صالح' },
  invalidEmail: { en: 'Enter a valid email address', ar: 'أدخل بريدًا إلكترونيًا صالحًا' },
  invalidNumber: { en: '{field} must be a number', ar: 'يجب أن يكون {field} رقمًا' },
  tooManyDecimals: { en: '{field} allows at most {scale} decimal places', ar: '{field}: الحد الأقصى للمنازل العشرية {scale}' },
  mustBePositive: { en: '{field} must be positive', ar: 'يجب أن يكون {field} موجبًا' },
  notNegative: { en: '{field} cannot be negative', ar: 'لا يمكن أن يكون {field} سالبًا' },
  invalidChoice: { en: '{field} has an unknown value', ar: 'قيمة {field} غير معروفة' },
  invalidDate: { en: '{field} must be a date', ar: 'يجب أن يكون {field} تاريخًا' },
  invalidTimeZone: { en: '{field} must be a time zone name such as Asia/Riyadh', ar: '{field} غير صالح: استخدم اسم منطقة زمنية مثل Asia/Riyadh' },
  dateOutOfRange: { en: '{field} must be between {min} and {max}', ar: 'يجب أن يكون {field} بين {min} و{max}' },
  rangeReversed: { en: '{field} cannot be more than {other}', ar: 'لا يمكن أن يكون {field} أكبر من {other}' },
  numberTooLarge: { en: '{field} is too large (at most {max})', ar: 'قيمة {field} كبيرة جدًا (الحد الأقصى {max})' },
  lineValueTooLarge: { en: '{field} times the quantity is too large (at most {max})', ar: 'حاصل ضرب {field} في الكمية كبير جدًا (الحد الأقصى {max})' },
  badCharacter: { en: '{field} contains a character that is not allowed', ar: 'يحتوي {field} على حرف غير مسموح به' },
  lineProblem: { en: 'Line {line}: {problem}', ar: 'السطر {line}: {problem}' },
  duplicate: { en: '{field} is already used', ar: '{field} مستخدم بالفعل' },
  refNotFound: { en: '{field}: the selected record does not exist', ar: '{field}: السجل المحدد غير موجود' },
  refNotAllowed: { en: '{field}: the selected record cannot be used here', ar: '{field}: لا يمكن استخدام السجل المحدد هنا' },
  validationFailed: { en: 'Please correct the highlighted fields', ar: 'يرجى تصحيح الحقول المميزة' },
  notFound: { en: 'Not found', ar: 'غير موجود' },
  // said without an adjective that must agree with the entity's gender ('فاتورة غير موجود' was wrong)
  recordNotFound: { en: '{entity} not found', ar: 'لم يُعثر على {entity}' },
  unauthenticated: { en: 'Please sign in', ar: 'يرجى تسجيل الدخول' },
  forbidden: { en: "You don't have access to this page", ar: 'ليس لديك صلاحية الوصول إلى هذه الصفحة' },
  badCredentials: { en: 'Invalid username or password', ar: 'اسم المستخدم أو كلمة المرور غير صحيحة' },
  tooManyAttempts: { en: 'Too many failed attempts. Try again later.', ar: 'محاولات فاشلة كثيرة. حاول لاحقًا.' },
  staleRecord: {
    en: 'This record was changed by someone else. Reload it and apply your changes again.',
    ar: 'تم تعديل هذا السجل من قبل مستخدم آخر. أعد تحميله ثم طبّق تعديلاتك مرة أخرى.',
  },
  idempotencyMismatch: {
    en: 'This Idempotency-Key was already used with a different request',
    ar: 'مفتاح عدم التكرار هذا استُخدم مسبقًا مع طلب مختلف',
  },
  idempotencyInFlight: { en: 'The same request is still being processed', ar: 'الطلب نفسه ما زال قيد المعالجة' },
  badRequestBody: {
    en: 'The request could not be read: send a JSON body that matches the API',
    ar: 'تعذّرت قراءة الطلب: أرسل محتوى JSON يطابق واجهة البرمجة',
  },
  unsupportedMedia: { en: 'This content type is not accepted', ar: 'نوع المحتوى هذا غير مقبول' },
  badOrigin: { en: 'Cross-origin request refused', ar: 'تم رفض الطلب من مصدر خارجي' },
  tooLarge: { en: 'The request is too large', ar: 'الطلب كبير جدًا' },
  badSort: { en: 'Cannot sort by {field}', ar: 'لا يمكن الترتيب حسب {field}' },
  badFilter: { en: 'Cannot filter by {field}', ar: 'لا يمكن التصفية حسب {field}' },
  searchTerm: { en: 'Search', ar: 'البحث' },
  badFilterValue: { en: 'Invalid filter value for {field}', ar: 'قيمة تصفية غير صالحة للحقل {field}' },
  transitionNotAllowed: {
    en: 'Cannot {action} a record in state {state}',
    ar: 'لا يمكن تنفيذ {action} على سجل في الحالة {state}',
  },
  notEditableInState: { en: 'Only a {state} document can be changed or deleted', ar: 'لا يمكن تعديل أو حذف المستند إلا في حالة {state}' },
  deleteBlocked: { en: 'A numbered document cannot be deleted; cancel it instead', ar: 'لا يمكن حذف مستند له رقم؛ قم بإلغائه بدلًا من ذلك' },
  inUse: { en: 'Cannot delete: this record is in use', ar: 'لا يمكن الحذف: هذا السجل مستخدم' },
  signupClosed: { en: 'Sign-up is switched off', ar: 'التسجيل متوقف' },
  usernameTaken: { en: 'This username is taken', ar: 'اسم المستخدم هذا مستخدم بالفعل' },
  samePassword: { en: 'The new password must differ from the current one', ar: 'يجب أن تختلف كلمة المرور الجديدة عن الحالية' },
  wrongPassword: { en: 'The current password is wrong', ar: 'كلمة المرور الحالية غير صحيحة' },
  cannotRaiseOwnRights: {
    en: 'You cannot grant rights you do not have or change your own groups',
    ar: 'لا يمكنك منح صلاحيات لا تملكها أو تغيير مجموعاتك',
  },
  cannotSetPasswords: {
    en: "You cannot set other users' passwords (the right to set passwords)",
    ar: 'لا يمكنك تعيين كلمات مرور المستخدمين الآخرين (صلاحية تعيين كلمة المرور)',
  },
  cannotTakeOverRights: {
    en: 'You cannot set the password of a user who holds rights you do not have',
    ar: 'لا يمكنك تعيين كلمة مرور مستخدم يملك صلاحيات لا تملكها',
  },
  onlySuperuser: {
    en: "Only a superuser can change a superuser's password, groups, flags or active state, or delete a superuser",
    ar: 'لا يمكن إلا لمستخدم خارق تغيير كلمة مرور مستخدم خارق أو مجموعاته أو صلاحياته الخاصة أو حالة نشاطه، أو حذفه',
  },
  passwordChangeRequired: {
    en: 'Your password was set by an administrator: change it to continue',
    ar: 'عيّن مسؤول كلمة المرور الخاصة بك: غيّرها للمتابعة',
  },
  tooManySignups: {
    en: 'Too many companies were created from this address. Try again later.',
    ar: 'تم إنشاء شركات كثيرة من هذا العنوان. حاول لاحقًا.',
  },
  badUpload: { en: 'The file is not an accepted image', ar: 'الملف ليس صورة مقبولة' },
  internal: { en: 'An error occurred', ar: 'حدث خطأ' },
  unavailable: {
    en: 'The database cannot be reached right now. Nothing was lost: try again in a moment',
    ar: 'تعذّر الوصول إلى قاعدة البيانات الآن. لم يُفقد شيء: أعد المحاولة بعد قليل',
  },
  badValue: { en: 'A value in the request is not valid or out of range', ar: 'إحدى القيم في الطلب غير صالحة أو خارج النطاق' },
  shuttingDown: {
    en: 'This server is shutting down. Nothing was done: send the request again',
    ar: 'هذا الخادم قيد الإيقاف. لم يُنفَّذ شيء: أرسل الطلب مرة أخرى',
  },
  pageNotFound: { en: 'Page not found: {path}', ar: 'الصفحة غير موجودة: {path}' },
  reservedUsername: { en: 'Usernames starting with "system:" are reserved', ar: 'أسماء المستخدمين التي تبدأ بـ "system:" محجوزة' },
  systemActor: { en: 'The system user cannot be changed or deleted', ar: 'لا يمكن تعديل مستخدم النظام أو حذفه' },
  uploadQuota: {
    en: "The company's files would exceed its storage quota of {quota} MB (used: {used} MB)",
    ar: 'ستتجاوز ملفات الشركة حصة التخزين البالغة {quota} ميغابايت (المستخدم: {used} ميغابايت)',
  },
} satisfies Record<string, Label>;

export type MessageKey = keyof typeof messages;
