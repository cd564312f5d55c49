import { defineModule } from '../../core/entity/module';
import { company } from './model/company.entity';
import { group } from './model/group.entity';
import { user } from './model/user.entity';

export const adminModule = defineModule({
  key: 'admin',
  label: { en: 'Settings', ar: 'الإعدادات' },
  icon: 'settings',
  order: 90,
  card: true,
  entities: [company, user, group],
  screens: [
    { route: '/settings', label: { en: 'Settings', ar: 'الإعدادات' } },
    { route: '/settings/users', label: { en: 'Users', ar: 'المستخدمون' }, permission: 'admin.user.view', hidden: true },
    { route: '/settings/users/{id}', label: { en: 'User', ar: 'المستخدم' }, permission: 'admin.user.view', hidden: true },
    { route: '/settings/profiles/profiles', label: { en: 'Profiles', ar: 'الملفات الشخصية' } },
    { route: '/settings/profiles/{username}', label: { en: 'Profile', ar: 'الملف الشخصي' }, hidden: true },
  ],
});
