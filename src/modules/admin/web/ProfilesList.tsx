import { Avatar, Container, Group, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { permissionCode } from '../../../core/entity/define';
import { fileUrl } from '../../../web/api/files';
import { useCan, useMe } from '../../../web/api/useAuth';
import { useEntityList } from '../../../web/api/useEntityQueries';
import { useLocale } from '../../../web/i18n/useLocale';
import { PageLoader } from '../../../web/ui/PageLoader';
import { user } from '../model/user.entity';
import classes from './ProfilesList.module.css';
import { usePageTitle } from '../../../web/ui/usePageTitle';

/**
 * /settings/profiles/profiles: users with avatar, username and full name, each linking to its profile.
 * Without permission to list users, only the user's own profile is offered.
 */
interface Person { username: string; fullName: string; avatar: string | null }

function PersonRow({ p }: { p: Person }) {
  const { to } = useLocale();
  return (
    <UnstyledButton component={Link} to={to(`/settings/profiles/${encodeURIComponent(p.username)}`)} className={classes.row}>
      <Group wrap="nowrap">
        <Avatar src={fileUrl(p.avatar)} name={p.fullName || p.username} color="initials" radius="xl" />
        <div>
          <Text fw={600}>{p.fullName}</Text>
          <Text size="sm" c="dimmed" dir="ltr" ta="start">
            @{p.username}
          </Text>
        </div>
      </Group>
    </UnstyledButton>
  );
}

export default function ProfilesList() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const can = useCan();
  const mayList = can(permissionCode(user, 'view'));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  usePageTitle(t('profiles.title'));
  const list = useEntityList(user, { search: debounced || undefined, pageSize: 100, sort: 'username' }, mayList);
  const people: Person[] = mayList
    ? (list.data?.items ?? []).map((r) => ({ username: String(r.username), fullName: String(r.fullName ?? ''), avatar: (r.avatar as string) ?? null }))
    : me
      ? [{ username: me.user.username, fullName: me.user.fullName, avatar: me.user.avatar }]
      : [];
  return (
    <Container size="sm" px={0}>
      <Title order={1} fz="h2" mb="md">
        {t('profiles.title')}
      </Title>
      {mayList ? (
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('list.searchPlaceholder')}
          aria-label={t('common.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          mb="md"
        />
      ) : (
        <Text c="dimmed" mb="md">
          {t('profiles.onlyOwn')}
        </Text>
      )}
      <Paper withBorder radius="md">
        {mayList && list.isPending ? (
          <PageLoader />
        ) : people.length === 0 ? (
          <Text c="dimmed" ta="center" p="lg">
            {t('common.noData')}
          </Text>
        ) : (
          <Stack gap={0}>
            {people.map((p) => (
              <PersonRow key={p.username} p={p} />
            ))}
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
