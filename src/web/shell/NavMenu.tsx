import { UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconHome } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useMe } from '../api/useAuth';
import { stripLocale, useLocale } from '../i18n/useLocale';
import { ModuleIcon } from './moduleIcons';
import classes from './NavMenu.module.css';
import { type MenuGroup, appModules, visibleMenu } from './screenMap';

/**
 * Sidebar: one collapsible group per module with the screens the user may open; the group of the current
 * page starts open. Loaded lazily with the labelled app map. A link is marked while its screen, a screen below
 * its route, or a hidden screen of its entity (a record page, a "new" page: `under` in the app map) is open.
 */
const hiddenEntries = appModules.flatMap((m) => m.entries).filter((e) => e.hidden && e.under);
const pattern = (route: string) => new RegExp(`^${route.replace(/\{\w+\}/g, '[^/]+')}$`);

function useActive() {
  const path = stripLocale(useLocation().pathname);
  const owner = hiddenEntries.find((e) => pattern(e.route).test(path))?.under;
  return (route: string, siblings: string[] = []) => {
    const under = (r: string) => path === r || path.startsWith(r + '/');
    const hub = route.split('/').filter(Boolean).length === 1;
    if (owner) return owner === route;
    return path === route || (!hub && under(route) && !siblings.some((o) => o.length > route.length && under(o)));
  };
}

function Group({ g }: { g: MenuGroup }) {
  const { to, label } = useLocale();
  const isActive = useActive();
  const routes = g.entries.map((e) => e.route);
  const [open, setOpen] = useState(() => routes.some((r) => isActive(r)));
  const id = `nav-${g.module.key}`;
  return (
    <div>
      <UnstyledButton className={classes.item} onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={id}>
        <ModuleIcon name={g.module.icon} />
        <span className={classes.label}>{label(g.module.label)}</span>
        <IconChevronDown size={14} className={classes.chevron} data-open={open || undefined} />
      </UnstyledButton>
      <ul id={id} className={classes.children} hidden={!open}>
        {g.entries.map((e) => (
          <li key={e.route}>
            <Link to={to(e.route)} className={classes.link} data-active={isActive(e.route, routes) || undefined} aria-current={isActive(e.route, routes) ? 'page' : undefined}>
              {label(e.label)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function NavMenu() {
  const { data: me } = useMe();
  const { to } = useLocale();
  const { t } = useTranslation();
  const isActive = useActive();
  return (
    <div className={classes.menu}>
      <Link to={to('/home')} className={classes.item} data-active={isActive('/home') || undefined}>
        <IconHome size={18} stroke={1.6} />
        <span className={classes.label}>{t('shell.home')}</span>
      </Link>
      {visibleMenu(me).map((g) => (
        <Group key={g.module.key} g={g} />
      ))}
    </div>
  );
}
