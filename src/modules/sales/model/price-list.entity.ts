import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

/**
 * A price list: valid from startDate to endDate (either open), items by product or category with a minimum
 * quantity, each a fixed price or a discount % off the product's sale price. One list may be the default (the
 * one an order without a list takes): a partial unique index keeps it to one per company. `nameAr`: its name for an
 * Arabic reader (the till, the order, the reports), else `name`.
 */
export const priceList = defineEntity({
  name: 'priceList',
  module: 'sales',
  path: 'price-lists',
  table: 'price_lists',
  label: { en: 'Price list', ar: 'قائمة أسعار' },
  pluralLabel: { en: 'Price lists', ar: 'قوائم الأسعار' },
  route: '/sales/pricelist',
  titleField: 'name',
  fields: {
    name: f.text({ en: 'Name', ar: 'الاسم' }, { required: true, search: true, sort: true, unique: true, max: 200,
      messages: { required: { en: 'Name is required', ar: 'الاسم مطلوب' } } }),
    nameAr: f.text({ en: 'Arabic name', ar: 'الاسم بالعربية' }, { search: true, sort: true, max: 200 }),
    currency: f.text({ en: 'Currency', ar: 'العملة' }, { max: 3, min: 3, default: 'SAR', filter: true }),
    startDate: f.date({ en: 'Start date', ar: 'تاريخ البداية' }, { sort: true }),
    endDate: f.date({ en: 'End date', ar: 'تاريخ النهاية' }, { sort: true }),
    isDefault: f.boolean({ en: 'Default', ar: 'افتراضية' }, { filter: true }),
    isActive: f.boolean({ en: 'Active', ar: 'نشطة' }, { default: true, filter: true }),
    items: f.json({ en: 'Items', ar: 'البنود' }, { widget: 'priceListItems' }),
  },
  list: { columns: ['name', 'nameAr', 'currency', 'startDate', 'endDate', 'isDefault', 'isActive'], defaultSort: 'name' },
  form: {
    sections: [
      { title: { en: 'Price list', ar: 'قائمة الأسعار' }, fields: ['name', 'nameAr', 'currency', 'startDate', 'endDate', 'isDefault', 'isActive'] },
      { title: { en: 'Items', ar: 'البنود' }, fields: ['items'] },
    ],
  },
});
