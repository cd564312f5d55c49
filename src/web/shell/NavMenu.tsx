import { NavLink } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useMe } from '../api/useAuth';
import { stripLocale, useLocale } from '../i18n/useLocale';
import { useTranslation } from 'react-i18next';
import { ModuleIcon } from './moduleIcons';
import { visibleMenu } from './menu';

/** Sidebar: one collapsible group per module with the screens the user may open. */
export function NavMenu() {
  const { data: me } = useMe();
  const { to, label } = useLocale();
  const { t } = useTranslation();
  const path = stripLocale(useLocation().pathname);
  const isActive = (route: string) => path === route || path.startsWith(route + '/');
  return (
    <nav>
      <NavLink
        component={Link}
        to={to('/home')}
        label={t('shell.home')}
        leftSection={<IconHome size={18} stroke={1.6} />}
        active={path === '/home'}
      />
      {visibleMenu(me).map((g) => {
        const open = g.entries.some((e) => isActive(e.route));
        return (
          <NavLink
            key={g.module.key}
            label={label(g.module.label)}
            leftSection={<ModuleIcon name={g.module.icon} />}
            defaultOpened={open}
            childrenOffset={28}
          >
            {g.entries.map((e) => (
              <NavLink
                key={e.route}
                component={Link}
                to={to(e.route)}
                label={label(e.label)}
                active={
                  path === e.route ||
                  (isActive(e.route) && !g.entries.some((o) => o.route.length > e.route.length && isActive(o.route)))
                }
              />
            ))}
          </NavLink>
        );
      })}
    </nav>
  );
}
