import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import type { Label } from '../../../core/i18n/locale';

/** The small bilingual lookup lists a product refers to: countries of origin, classifications, grades, makers. */
function lookup(name: string, path: string, table: string, label: Label, pluralLabel: Label, extra: { code?: boolean } = {}) {
  return defineEntity({
    name,
    module: 'inventory',
    path,
    table,
    label,
    pluralLabel,
    route: `/inventory/inventory/${path}`,
    titleField: 'name',
    fields: {
      ...(extra.code ? { code: f.text({ en: 'Code', ar: 'الرمز' }, { search: true, sort: true, unique: true, max: 10 }) } : {}),
      name: f.text({ en: 'Name', ar: 'الاسم' }, { required: true, search: true, sort: true, unique: true, max: 120 }),
      nameAr: f.text({ en: 'Arabic name', ar: 'الاسم بالعربية' }, { search: true, sort: true, max: 120 }),
      description: f.textarea({ en: 'Description', ar: 'الوصف' }, { max: 1000 }),
    },
    list: { columns: ['name', 'nameAr'], defaultSort: 'name' },
  });
}

export const countryOfOrigin = lookup('countryOfOrigin', 'countries-of-origin', 'countries_of_origin',
  { en: 'Country of origin', ar: 'بلد المنشأ' }, { en: 'Countries of origin', ar: 'بلدان المنشأ' }, { code: true });
export const productClassification = lookup('productClassification', 'product-classifications', 'product_classifications',
  { en: 'Product classification', ar: 'تصنيف المنتج' }, { en: 'Product classifications', ar: 'تصنيفات المنتجات' });
export const productGrade = lookup('productGrade', 'product-grades', 'product_grades',
  { en: 'Product grade', ar: 'درجة المنتج' }, { en: 'Product grades', ar: 'درجات المنتجات' });
export const manufacturingCompany = lookup('manufacturingCompany', 'companies', 'manufacturing_companies',
  { en: 'Manufacturing company', ar: 'الشركة المصنعة' }, { en: 'Manufacturing companies', ar: 'الشركات المصنعة' });
