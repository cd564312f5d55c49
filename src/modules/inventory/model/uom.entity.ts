import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

/**
 * A unit of measure: quantity in this unit x conversionFactor = quantity in the group's reference unit (factor 1).
 * Stock is kept in the product's unit; document lines may use any unit of the same group (converted exactly).
 * Reports show the abbreviation of the reader's language, else the unit's name in it (stock-totals.ts unitOf).
 */
export const uom = defineEntity({
  name: 'uom',
  module: 'inventory',
  path: 'uoms',
  table: 'uoms',
  label: { en: 'Unit of measure', ar: 'وحدة القياس' },
  pluralLabel: { en: 'Units of measure', ar: 'وحدات القياس' },
  route: '/inventory/inventory/uom',
  titleField: 'name',
  fields: {
    name: f.text({ en: 'Name', ar: 'الاسم' }, { required: true, search: true, sort: true, max: 100 }),
    nameAr: f.text({ en: 'Arabic name', ar: 'الاسم بالعربية' }, { search: true, sort: true, max: 100 }),
    abbreviation: f.text({ en: 'Abbreviation', ar: 'الاختصار' }, { search: true, max: 20 }),
    abbreviationAr: f.text({ en: 'Arabic abbreviation', ar: 'الاختصار بالعربية' }, { search: true, max: 20 }),
    conversionFactor: f.decimal({ en: 'Conversion factor', ar: 'معامل التحويل' }, {
      precision: 20, scale: 8, required: true, min: 'positive',
      help: { en: 'How many reference units one of this unit holds', ar: 'عدد الوحدات المرجعية في وحدة واحدة من هذه الوحدة' },
      messages: {
        required: { en: 'Conversion factor is required', ar: 'معامل التحويل مطلوب' },
        positive: { en: 'Conversion factor must be positive', ar: 'يجب أن يكون معامل التحويل موجباً' },
        invalid: { en: 'Valid conversion factor is required', ar: 'يلزم إدخال معامل تحويل صحيح' },
      },
    }),
    groupId: f.ref({ en: 'Group', ar: 'المجموعة' }, 'uomGroup', { required: true, filter: true, messages: { required: { en: 'UOM group is required', ar: 'مجموعة وحدات القياس مطلوبة' } } }),
    isActive: f.boolean({ en: 'Active', ar: 'نشط' }, { default: true, filter: true }),
  },
  list: { columns: ['name', 'nameAr', 'abbreviation', 'abbreviationAr', 'conversionFactor', 'groupId', 'isActive'], defaultSort: 'name' },
});
