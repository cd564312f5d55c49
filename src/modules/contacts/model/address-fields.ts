import { f } from '../../../core/entity/field';

/**
 * The structured (national) address a tax invoice prints for the seller (the company) and the buyer (a contact), in
 * both languages: these exact field names on both entities (ZATCA's UBL writer reads them). Formats that depend on
 * the country (Saudi Arabia: a 4-digit building and additional number, a 5-digit postal code) are the country pack's
 * (accounting/model/country-packs, `nationalAddress`), checked by accounting's tax-invoice/party.hooks.ts against the
 * COMPANY's country. The older free-text `address` stays beside them.
 */
export const ADDRESS_FIELDS = ['buildingNumber', 'street', 'streetAr', 'district', 'districtAr', 'city', 'cityAr', 'postalCode', 'additionalNumber'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
/** The form's order: in a two-column form each English value sits beside its Arabic one. */
export const ADDRESS_FORM_FIELDS: AddressField[] = ['buildingNumber', 'additionalNumber', 'street', 'streetAr', 'district', 'districtAr', 'city', 'cityAr', 'postalCode'];

export const addressFields = () => ({
  buildingNumber: f.text({ en: 'Building number', ar: 'رقم المبنى' }, { max: 10 }),
  street: f.text({ en: 'Street (English)', ar: 'الشارع (بالإنجليزية)' }, { max: 200 }),
  streetAr: f.text({ en: 'Street (Arabic)', ar: 'الشارع (بالعربية)' }, { max: 200 }),
  district: f.text({ en: 'District (English)', ar: 'الحي (بالإنجليزية)' }, { max: 100 }),
  districtAr: f.text({ en: 'District (Arabic)', ar: 'الحي (بالعربية)' }, { max: 100 }),
  city: f.text({ en: 'City (English)', ar: 'المدينة (بالإنجليزية)' }, { max: 100 }),
  cityAr: f.text({ en: 'City (Arabic)', ar: 'المدينة (بالعربية)' }, { max: 100 }),
  postalCode: f.text({ en: 'Postal code', ar: 'الرمز البريدي' }, { max: 10 }),
  additionalNumber: f.text({ en: 'Additional number', ar: 'الرقم الإضافي' }, { max: 10 }),
});
