import { Burger, Group, Kbd, Text, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../api/useAuth';
import { useLocale } from '../i18n/useLocale';
import { ColorSchemeToggle, LocaleSwitch } from './PreferenceButtons';
import classes from './HeaderBar.module.css';

const UserMenu = lazy(() => import('./UserMenu'));

export function HeaderBar({ drawerOpen, onBurger }: { drawerOpen: boolean; onBurger: () => void }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const { to, locale } = useLocale();
  const openPalette = () => void import('./CommandPalette').then((m) => m.openPalette());
  const company = me ? (locale === 'ar' ? me.company.nameAr || me.company.nameEn : me.company.nameEn) : '';
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger opened={drawerOpen} onClick={onBurger} hiddenFrom="lg" size="sm" aria-label={t('shell.toggleMenu')} />
        <Link to={to('/home')} className={classes.brand}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Text fw={700} size="lg" className={classes.hideNarrow}>
            {t('app.name')}
          </Text>
        </Link>
        <Text c="dimmed" size="sm" truncate visibleFrom="sm">
          {company}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {/* Named by its text (hidden to the eye, not to a screen reader, on narrow screens), so the name is what is seen. */}
        <UnstyledButton className={classes.search} onClick={openPalette} aria-keyshortcuts="Control+K">
          <IconSearch size={16} stroke={1.6} aria-hidden />
          <Text component="span" size="sm" c="dimmed" className={classes.hideNarrow}>
            {t('shell.searchScreens')}
          </Text>
          <Kbd size="xs" visibleFrom="md" aria-hidden>
            Ctrl + K
          </Kbd>
        </UnstyledButton>
        <LocaleSwitch />
        <ColorSchemeToggle />
        <Suspense fallback={<span className={classes.avatarSlot} />}>
          <UserMenu />
        </Suspense>
      </Group>
    </Group>
  );
}
