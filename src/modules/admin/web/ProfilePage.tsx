import { Avatar, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api, isApiError } from '../../../web/api/client';
import { fileUrl } from '../../../web/api/files';
import { meKey, useCan, useMe } from '../../../web/api/useAuth';
import type { Row } from '../../../web/api/useEntityQueries';
import { EntityForm } from '../../../web/entity/EntityForm';
import { ErrorView } from '../../../web/pages/ErrorPage';
import { NoAccess } from '../../../web/ui/NoAccess';
import { notifyError, notifySuccess } from '../../../web/ui/notify';
import { PageLoader } from '../../../web/ui/PageLoader';
import { user } from '../model/user.entity';
import { PasswordForm } from './PasswordForm';
import { usePageTitle } from '../../../web/ui/usePageTitle';

/**
 * /settings/profiles/{username}: full name, email, phone, avatar, preferred language and how dates and numbers
 * are shown (calendar, digits; empty: the company's default), validated with the
 * user definition's own rules, saved through /api/admin/profiles/:username. Own profile: password change too.
 */
const PROFILE_FIELDS = ['fullName', 'email', 'phone', 'avatar', 'preferredLanguage', 'calendar', 'digits'];

interface Profile {
  username?: string;
  fullName: string;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  preferredLanguage: string | null;
  calendar: string | null;
  digits: string | null;
  version?: number;
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const username = useParams().username ?? '';
  const { data: me } = useMe();
  const qc = useQueryClient();
  const key = ['profile', username];
  const can = useCan();
  const own = me?.user.username === username;
  // another user's profile needs the users' view permission (as its API does): without it, nothing is asked for
  const allowed = own || can('admin.user.view');
  const profile = useQuery({
    queryKey: key,
    queryFn: () => api<Profile>(`/api/admin/profiles/${encodeURIComponent(username)}`),
    enabled: allowed,
  });
  usePageTitle(profile.data?.fullName || username);

  if (me && !allowed) return <NoAccess />;
  if (profile.isPending) return <PageLoader />;
  if (profile.error) {
    if (isApiError(profile.error, 404)) return <ErrorView status={404} />;
    if (isApiError(profile.error, 403)) return <NoAccess />;
    throw profile.error;
  }
  const p = profile.data;
  const row = { id: 0, version: p.version ?? 0, ...p } as unknown as Row;

  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Group>
          <Avatar src={fileUrl(p.avatar)} name={p.fullName || username} color="initials" size={72} radius="xl" />
          <div>
            <Title order={1} fz="h2">
              {p.fullName || username}
            </Title>
            <Text c="dimmed" dir="ltr" ta="start">
              @{username}
            </Text>
          </div>
        </Group>
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="lg" mb="md">
            {t('profiles.profile')}
          </Title>
          <EntityForm
            key={username}
            def={user}
            mode="update"
            row={row}
            only={PROFILE_FIELDS}
            onSubmit={async (body) => {
              try {
                const saved = await api<Profile>(`/api/admin/profiles/${encodeURIComponent(username)}`, {
                  method: 'PATCH',
                  body: { ...body, version: profile.data.version },
                });
                if (saved) qc.setQueryData(key, saved);
                else await qc.invalidateQueries({ queryKey: key });
                if (own) await qc.invalidateQueries({ queryKey: meKey });
                notifySuccess(t('profiles.saved'));
              } catch (e) {
                if (isApiError(e, 409)) void qc.invalidateQueries({ queryKey: key });
                notifyError(t('profiles.saveError'), e);
                throw e;
              }
            }}
          />
        </Paper>
        {own && <PasswordForm />}
      </Stack>
    </Container>
  );
}
