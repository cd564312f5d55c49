import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';

export const group = defineEntity({
  name: 'group',
  module: 'admin',
  path: 'groups',
  table: 'groups',
  label: { en: 'Group', ar: 'مجموعة' },
  pluralLabel: { en: 'Groups', ar: 'المجموعات' },
  route: '/admin/groups',
  titleField: 'name',
  fields: {
    name: f.text({ en: 'Name', ar: 'الاسم' }, { required: true, search: true, unique: true, sort: true }),
    nameAr: f.text({ en: 'Arabic name', ar: 'الاسم بالعربية' }, { search: true, sort: true }),
    description: f.textarea({ en: 'Description', ar: 'الوصف' }, { max: 1000 }),
    permissions: f.json({ en: 'Permissions', ar: 'الصلاحيات' }, { widget: 'permissions' }),
  },
  list: { columns: ['name', 'nameAr', 'description'], defaultSort: 'name' },
  form: {
    sections: [
      { title: { en: 'Group', ar: 'المجموعة' }, fields: ['name', 'nameAr', 'description'] },
      { title: { en: 'Permissions', ar: 'الصلاحيات' }, fields: ['permissions'] },
    ],
  },
});
