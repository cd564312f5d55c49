import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { calendarField, digitsField } from './display-fields';

const languages = [
  { value: 'en', label: { en: 'English', ar: 'الإنجليزية' } },
  { value: 'ar', label: { en: 'Arabic', ar: 'العربية' } },
];

export const user = defineEntity({
  name: 'user',
  module: 'admin',
  path: 'users',
  table: 'users',
  label: { en: 'User', ar: 'مستخدم' },
  pluralLabel: { en: 'Users', ar: 'المستخدمون' },
  route: '/admin/users',
  titleField: 'username',
  fields: {
    username: f.text({ en: 'Username', ar: 'اسم المستخدم' }, { required: true, search: true, unique: 'global', sort: true, min: 3, max: 60 }),
    fullName: f.text({ en: 'Full name', ar: 'الاسم الكامل' }, { required: true, search: true, sort: true }),
    email: f.email({ en: 'Email', ar: 'البريد الإلكتروني' }, { search: true }),
    phone: f.phone({ en: 'Phone', ar: 'الهاتف' }),
    avatar: f.image({ en: 'Avatar', ar: 'الصورة الشخصية' }),
    preferredLanguage: f.enum({ en: 'Preferred language', ar: 'اللغة المفضلة' }, languages, { filter: true }),
    /** Display preference (core/i18n/format.ts); empty: the company's default. */
    calendar: calendarField({ help: { en: "Empty: the company's default", ar: 'فارغ: الافتراضي للشركة' } }),
    digits: digitsField({ help: { en: "Empty: the company's default", ar: 'فارغ: الافتراضي للشركة' } }),
    isActive: f.boolean({ en: 'Active', ar: 'نشط' }, { default: true, filter: true }),
    isSuperuser: f.boolean({ en: 'Superuser', ar: 'مستخدم خارق' }, { filter: true }),
    groups: f.refs({ en: 'Groups', ar: 'المجموعات' }, 'group'),
    /** Set when someone else sets the password: the user may only change it at the next sign-in. */
    mustChangePassword: f.boolean({ en: 'Must change password', ar: 'يجب تغيير كلمة المرور' }, { readOnly: true, default: false }),
    /** The company's system actor (core/tenancy/system-ctx.ts): background work; never signs in, never edited. */
    isSystem: f.boolean({ en: 'System actor', ar: 'مستخدم النظام' }, { readOnly: true }),
    lastLoginAt: f.datetime({ en: 'Last sign-in', ar: 'آخر تسجيل دخول' }, { readOnly: true, sort: true }),
    password: f.text({ en: 'Password', ar: 'كلمة المرور' }, { virtual: true, widget: 'password', min: 8, max: 200 }),
    passwordHash: f.text({ en: 'Password', ar: 'كلمة المرور' }, { secret: true, max: 300 }),
  },
  list: { columns: ['username', 'fullName', 'email', 'isActive', 'isSuperuser', 'lastLoginAt'], defaultSort: 'username' },
  actions: { setPassword: { en: 'Set password', ar: 'تعيين كلمة المرور' } },
  form: {
    sections: [
      { title: { en: 'Account', ar: 'الحساب' }, fields: ['username', 'fullName', 'password', 'email', 'phone', 'avatar', 'preferredLanguage', 'calendar', 'digits'] },
      { title: { en: 'Access', ar: 'الصلاحيات' }, fields: ['isActive', 'isSuperuser', 'groups'] },
    ],
  },
});
