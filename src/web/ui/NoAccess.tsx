import { Alert, Container } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './usePageTitle';

export function NoAccess() {
  const { t } = useTranslation();
  usePageTitle(t('errors.noAccess'));
  return (
    <Container size="sm" py="xl">
      <Alert color="orange" icon={<IconLock />} title={t('errors.noAccess')} />
    </Container>
  );
}
