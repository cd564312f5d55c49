import { Alert, Container, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../i18n/useLocale';
import { appModules } from '../shell/screenMap';
import { usePageTitle } from '../ui/usePageTitle';

/** A registry screen whose module has not shipped its web component yet. */
export default function ScreenPlaceholder({ route }: { route: string }) {
  const { t } = useTranslation();
  const { label } = useLocale();
  const entry = appModules.flatMap((m) => m.entries).find((e) => e.route === route);
  usePageTitle(entry ? label(entry.label) : undefined);
  return (
    <Container size="md" px={0}>
      {entry && (
        <Title order={1} fz="h2" mb="md">
          {label(entry.label)}
        </Title>
      )}
      <Alert color="blue" icon={<IconTools />}>
        {t('errors.notBuilt')}
      </Alert>
    </Container>
  );
}
