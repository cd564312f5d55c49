import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** <title> of the page in its language: "<screen> · Daftar" (or "… · دفتر"). */
export function usePageTitle(title?: string): void {
  const { t } = useTranslation();
  useDocumentTitle(title ? `${title} · ${t('app.name')}` : t('app.name'));
}
