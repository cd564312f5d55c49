import { Center, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The translated "Loading..." state shown while a screen or its data arrives. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{t('common.loading')}</Text>
      </Group>
    </Center>
  );
}
