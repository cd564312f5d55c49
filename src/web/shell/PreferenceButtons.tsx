import { ActionIcon, Button, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconLanguage, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { writeLocaleCookie } from '../i18n/localeCookie';
import { useLocale, withLocale } from '../i18n/useLocale';

/**
 * Language switch: writes the `locale` cookie and opens the same page in the other language (with or without
 * /ar). Colour scheme toggle: light by default, the choice is kept by Mantine's localStorage manager.
 * (Native `title` hints rather than Tooltips keep floating-ui out of the initial bundle.)
 */
export function LocaleSwitch() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const other = locale === 'ar' ? 'en' : 'ar';
  return (
    <Button
      title={t('shell.languageHint')}
      variant="subtle"
      size="compact-md"
      leftSection={<IconLanguage size={18} stroke={1.6} />}
      lang={other}
      onClick={() => {
        writeLocaleCookie(other);
        // The page's language and direction change with the URL, before the new tree renders (LocaleRoot
        // sets them again on mount; this avoids a moment with an Arabic URL and a left-to-right page).
        document.documentElement.lang = other;
        document.documentElement.dir = other === 'ar' ? 'rtl' : 'ltr';
        void navigate(withLocale(pathname, other) + search + hash);
      }}
    >
      {t('shell.language')}
    </Button>
  );
}

export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const label = scheme === 'dark' ? t('shell.lightMode') : t('shell.darkMode');
  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
    >
      {scheme === 'dark' ? <IconSun size={20} stroke={1.6} /> : <IconMoon size={20} stroke={1.6} />}
    </ActionIcon>
  );
}
