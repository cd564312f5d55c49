import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

/**
 * A point-of-sale branch: the stock location its tills sell from and the users who may sell there. A user not
 * listed opens no session and sells nothing there (403, "You don't have access to this page"; server/branch.access.ts).
 */
export const posBranch = defineEntity({
  name: 'posBranch',
  module: 'pos',
  path: 'branches',
  table: 'pos_branches',
  label: { en: 'POS branch', ar: 'فرع نقطة البيع' },
  pluralLabel: { en: 'POS branches', ar: 'فروع نقاط البيع' },
  route: '/pos/branches',
  titleField: 'name',
  fields: {
    name: f.text({ en: 'Name', ar: 'الاسم' }, { required: true, search: true, sort: true, unique: true, max: 120 }),
    nameAr: f.text({ en: 'Arabic name', ar: 'الاسم بالعربية' }, { search: true, sort: true, max: 120 }),
    locationId: f.ref({ en: 'Stock location', ar: 'موقع المخزون' }, 'location', { required: true, filter: true, messages: { required: { en: 'Location is required', ar: 'الموقع مطلوب' } } }),
    users: f.refs({ en: 'Users who may sell here', ar: 'المستخدمون المسموح لهم بالبيع هنا' }, 'user'),
    isActive: f.boolean({ en: 'Active', ar: 'نشط' }, { default: true, filter: true }),
  },
  list: { columns: ['name', 'nameAr', 'locationId', 'isActive'], defaultSort: 'name' },
});
