import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorSchemeToggle, LocaleSwitch } from '../shell/PreferenceButtons';

/** Centered card used by the sign-in and sign-up pages, with the language and colour-scheme switches. */
export function AuthFrame({ title, subtitle, children, width = 420 }: { title: string; subtitle: string; children: ReactNode; width?: number }) {
  const { t } = useTranslation();
  return (
    <Stack mih="100vh" gap={0} bg="var(--mantine-color-body)">
      <Group justify="space-between" p="md">
        <Group gap={8}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Text fw={700} size="lg">
            {t('app.name')}
          </Text>
        </Group>
        <Group gap="xs">
          <LocaleSwitch />
          <ColorSchemeToggle />
        </Group>
      </Group>
      <Center flex={1} p="md">
        <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={width}>
          <Title order={1} fz="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm" mb="lg">
            {subtitle}
          </Text>
          {children}
        </Paper>
      </Center>
    </Stack>
  );
}
