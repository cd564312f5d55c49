import { Anchor, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan, useMe } from '../api/useAuth';
import { useLocale } from '../i18n/useLocale';
import { ModuleIcon } from '../shell/moduleIcons';
import { moduleLanding, visibleMenu } from '../shell/screenMap';
import classes from './HomePage.module.css';
import { usePageTitle } from '../ui/usePageTitle';
import { homeTexts as ht } from './homeTexts';
import { SetupChecklist, useChecklist } from './SetupChecklist';

/**
 * The company's administrators see its setup checklist until every step is ticked; then, like everyone, the
 * modules' dashboards they may open; and one card per module that has `card: true` and a screen the user may open.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const can = useCan();
  const { to, label, locale } = useLocale();
  const groups = visibleMenu(me).filter((g) => g.module.card);
  const admin = can('admin.company.change');
  const checklist = useChecklist(admin);
  const setupPending = admin && (checklist.isPending || checklist.isError || !checklist.data?.complete);
  const dashboards = visibleMenu(me).flatMap((g) => g.entries.filter((e) => e.route.endsWith('/dashboard')).map((e) => ({ e, g })));
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
      {admin && setupPending && <SetupChecklist data={checklist.data} error={checklist.error} />}
      {!setupPending && dashboards.length > 0 && (
        <section aria-labelledby="dashboards-title">
          <Title order={2} fz="h3" mb="sm" id="dashboards-title">{label(ht.dashboards)}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mb="xl">
            {dashboards.map(({ e, g }) => (
              <Card key={e.route} withBorder radius="lg" padding="lg" className={classes.card}>
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon size={42} radius="md" variant="light"><ModuleIcon name={g.module.icon} size={24} /></ThemeIcon>
                  <Anchor component={Link} to={to(e.route)} fw={700} fz="lg" c="inherit" className={classes.title}>{label(e.label)}</Anchor>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </section>
      )}
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
