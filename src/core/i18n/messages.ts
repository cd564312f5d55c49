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
  tooManyDecimals: { en: '{field} allows at most {scale} decimal places', ar: 'يسمح {field} بحد أقصى {scale} منازل عشرية' },
  mustBePositive: { en: '{field} must be positive', ar: 'يجب أن يكون {field} موجبًا' },
  notNegative: { en: '{field} cannot be negative', ar: 'لا يمكن أن يكون {field} سالبًا' },
  invalidChoice: { en: '{field} has an unknown value', ar: 'قيمة {field} غير معروفة' },
  invalidDate: { en: '{field} must be a date', ar: 'يجب أن يكون {field} تاريخًا' },
  duplicate: { en: '{field} is already used', ar: '{field} مستخدم بالفعل' },
  refNotFound: { en: '{field}: the selected record does not exist', ar: '{field}: السجل المحدد غير موجود' },
  validationFailed: { en: 'Please correct the highlighted fields', ar: 'يرجى تصحيح الحقول المميزة' },
  notFound: { en: 'Not found', ar: 'غير موجود' },
  recordNotFound: { en: '{entity} not found', ar: '{entity} غير موجود' },
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
  badOrigin: { en: 'Cross-origin request refused', ar: 'تم رفض الطلب من مصدر خارجي' },
  tooLarge: { en: 'The request is too large', ar: 'الطلب كبير جدًا' },
  badSort: { en: 'Cannot sort by {field}', ar: 'لا يمكن الترتيب حسب {field}' },
  badFilter: { en: 'Cannot filter by {field}', ar: 'لا يمكن التصفية حسب {field}' },
  badFilterValue: { en: 'Invalid filter value for {field}', ar: 'قيمة تصفية غير صالحة للحقل {field}' },
  transitionNotAllowed: {
    en: 'Cannot {action} a record in state {state}',
    ar: 'لا يمكن تنفيذ {action} على سجل في الحالة {state}',
  },
  inUse: { en: 'Cannot delete: this record is in use', ar: 'لا يمكن الحذف: هذا السجل مستخدم' },
  signupClosed: { en: 'Sign-up is switched off', ar: 'التسجيل متوقف' },
  usernameTaken: { en: 'This username is taken', ar: 'اسم المستخدم هذا مستخدم بالفعل' },
  wrongPassword: { en: 'The current password is wrong', ar: 'كلمة المرور الحالية غير صحيحة' },
  cannotRaiseOwnRights: {
    en: 'You cannot grant rights you do not have or change your own groups',
    ar: 'لا يمكنك منح صلاحيات لا تملكها أو تغيير مجموعاتك',
  },
  badUpload: { en: 'The file is not an accepted image', ar: 'الملف ليس صورة مقبولة' },
  internal: { en: 'An error occurred', ar: 'حدث خطأ' },
  pageNotFound: { en: 'Page not found: {path}', ar: 'الصفحة غير موجودة: {path}' },
} satisfies Record<string, Label>;

export type MessageKey = keyof typeof messages;
