import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

/** A group of units that convert into each other (weight, length, count...); one unit of factor 1 is its reference. */
export const uomGroup = defineEntity({
  name: 'uomGroup',
  module: 'inventory',
  path: 'uom-groups',
  table: 'uom_groups',
  label: { en: 'UOM group', ar: 'مجموعة وحدات القياس' },
  pluralLabel: { en: 'UOM groups', ar: 'مجموعات وحدات القياس' },
  route: '/inventory/inventory/uoms-group',
  titleField: 'name',
  fields: {
    name: f.text({ en: 'Name', ar: 'الاسم' }, { required: true, search: true, sort: true, unique: true, max: 100 }),
    nameAr: f.text({ en: 'Arabic name', ar: 'الاسم بالعربية' }, { search: true, sort: true, max: 100 }),
  },
  list: { columns: ['name', 'nameAr'], defaultSort: 'name' },
});
