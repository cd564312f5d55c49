import type { ModuleWeb } from '../../../web/moduleWeb';

/** Browser screens of the admin module (settings pages) and its form widgets; lazy loaders only. */
export const web: ModuleWeb = {
  screens: [
    { route: '/settings', load: () => import('./SettingsHub') },
    { route: '/settings/company', load: () => import('./CompanySettings') },
    { route: '/settings/users', load: () => import('./UsersScreen') },
    { route: '/settings/users/{id}', load: () => import('./UserDetailScreen') },
    { route: '/settings/profiles/profiles', load: () => import('./ProfilesList') },
    { route: '/settings/profiles/{username}', load: () => import('./ProfilePage') },
  ],
  widgets: {
    permissions: () => import('./PermissionsMatrix'),
    timeZone: () => import('./TimeZoneWidget'),
  },
};
