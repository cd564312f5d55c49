import type { Label } from '../../../../core/i18n/locale';

/** Tax invoice messages, English and Arabic ({vars} filled per language). */
export const tm = {
  buyerVatRequired: {
    en: 'A tax invoice to a business needs the buyer\'s VAT registration number: add it to the contact "{buyer}" first',
    ar: 'تتطلب الفاتورة الضريبية الصادرة لمنشأة رقم تسجيل المشتري في ضريبة القيمة المضافة: أضفه أولًا إلى جهة الاتصال "{buyer}"',
  },
  buyerVatInvalid: {
    en: 'The VAT registration number of "{buyer}" is not valid: {problem}',
    ar: 'رقم تسجيل "{buyer}" في ضريبة القيمة المضافة غير صالح: {problem}',
  },
  buildingNumber: { en: 'Building number ({country}) must be 4 digits', ar: 'رقم المبنى ({country}) يجب أن يتكون من 4 أرقام' },
  postalCode: { en: 'Postal code ({country}) must be 5 digits', ar: 'الرمز البريدي ({country}) يجب أن يتكون من 5 أرقام' },
  additionalNumber: { en: 'Additional number ({country}) must be 4 digits', ar: 'الرقم الإضافي ({country}) يجب أن يتكون من 4 أرقام' },
} satisfies Record<string, Label>;
