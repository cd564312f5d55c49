import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../i18n/useLocale';
import type { Text } from './types';

/** Resolves a report Text: an i18n key, or a bilingual Label in the page's language. */
export function useText() {
  const { t } = useTranslation();
  const { label } = useLocale();
  return useCallback((x: Text) => (typeof x === 'string' ? t(x) : label(x)), [t, label]);
}
