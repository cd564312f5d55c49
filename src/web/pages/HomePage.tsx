import { Anchor, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../api/useAuth';
import { useLocale } from '../i18n/useLocale';
import { ModuleIcon } from '../shell/moduleIcons';
import { moduleLanding, visibleMenu } from '../shell/screenMap';
import classes from './HomePage.module.css';
import { usePageTitle } from '../ui/usePageTitle';

/** One card per module that has `card: true` and at least one screen the user may open. */
export default function HomePage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const { to, label, locale } = useLocale();
  const groups = visibleMenu(me).filter((g) => g.module.card);
  usePageTitle(t('home.title'));
  const name = me ? me.user.fullName || me.user.username : '';
  const company = me ? (locale === 'ar' ? me.company.nameAr || me.company.nameEn : me.company.nameEn) : '';
  return (
    <Container size="xl">
      <Title order={1} fz="h2">
        {t('home.welcome', { name })}
      </Title>
      <Text c="dimmed" mb="lg">
        {company}
      </Text>
      {groups.length === 0 && <Text>{t('home.noModules')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, xl: 4 }}>
        {groups.map((g) => (
          <Card key={g.module.key} withBorder radius="lg" padding="lg" className={classes.card}>
            <Group gap="sm" mb="sm" wrap="nowrap">
              <ThemeIcon size={42} radius="md" variant="light">
                <ModuleIcon name={g.module.icon} size={24} />
              </ThemeIcon>
              <Anchor component={Link} to={to(moduleLanding(g).route)} fw={700} fz="lg" c="inherit" className={classes.title}>
                {label(g.module.label)}
              </Anchor>
            </Group>
            <Stack gap={4}>
              {g.entries.map((e) => (
                <Anchor key={e.route} component={Link} to={to(e.route)} size="sm">
                  {label(e.label)}
                </Anchor>
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
