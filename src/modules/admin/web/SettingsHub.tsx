import { Card, Container, Group, SimpleGrid, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconSettings, IconShieldLock, IconUserCircle, IconUsers, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../web/api/useAuth';
import { useLocale } from '../../../web/i18n/useLocale';
import { settingsPages } from './settingsPages';
import classes from './SettingsHub.module.css';
import { usePageTitle } from '../../../web/ui/usePageTitle';

const icons: Record<string, Icon> = {
  company: IconBuilding,
  user: IconUsers,
  '/settings/users': IconUsers,
  group: IconShieldLock,
  '/settings/profiles/profiles': IconUserCircle,
};

/** /settings: a card for every settings page the user may open. */
export default function SettingsHub() {
  const { t } = useTranslation();
  const { to, label } = useLocale();
  const can = useCan();
  const pages = settingsPages().filter((p) => can(p.permission));
  usePageTitle(t('settings.title'));
  return (
    <Container size="lg" px={0}>
      <Title order={1} fz="h2">
        {t('settings.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('settings.subtitle')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {pages.map((p) => {
          const I = icons[p.key] ?? IconSettings;
          return (
            <UnstyledButton key={p.route} component={Link} to={to(p.route)} className={classes.link}>
              <Card withBorder radius="lg" padding="lg" className={classes.card}>
                <Group wrap="nowrap">
                  <ThemeIcon size={44} radius="md" variant="light">
                    <I size={24} stroke={1.6} />
                  </ThemeIcon>
                  <Text fw={700}>{label(p.label)}</Text>
                </Group>
              </Card>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Container>
  );
}
