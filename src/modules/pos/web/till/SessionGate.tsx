import { Alert, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconCashRegister } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Row } from '../../../../web/api/useEntityQueries';
import { useFormat } from '../../../../web/i18n/useFormat';
import { useLocale } from '../../../../web/i18n/useLocale';
import { PageLoader } from '../../../../web/ui/PageLoader';
import { tt } from './texts';

/**
 * The session the till sells in: the user's one active session, or the one they pick when they have several (kept
 * per user in the browser); none: says so and links to starting one (/pos/sessions, whose "New" starts a session).
 */
export function SessionGate({ userId, sessions, loading, children }: {
  userId: number; sessions: Row[] | undefined; loading: boolean; children: (s: Row, change: (() => void) | null) => ReactNode;
}) {
  const { label, to } = useLocale();
  const fmt = useFormat();
  const [chosen, setChosen] = useLocalStorage<number | null>({ key: `daftar:pos:session:${userId}`, defaultValue: null, getInitialValueInEffect: false });
  if (loading && !sessions) return <PageLoader />;
  const list = sessions ?? [];
  if (list.length === 0) {
    return (
      <Stack maw={520} mx="auto" mt="xl">
        <Title order={1} fz="h2">{label(tt.title)}</Title>
        <Alert color="yellow" title={label(tt.noSession)}>
          <Button component={Link} to={to('/pos/sessions?new=1')} mt="sm" leftSection={<IconCashRegister size={16} />}>{label(tt.startSession)}</Button>
        </Alert>
      </Stack>
    );
  }
  const one = list.length === 1 ? list[0]! : list.find((s) => s.id === chosen);
  if (one) return children(one, list.length > 1 ? () => setChosen(null) : null);
  return (
    <Stack maw={640} mx="auto" mt="xl">
      <Title order={1} fz="h2">{label(tt.pickSession)}</Title>
      {list.map((s, i) => (
        <UnstyledButton key={s.id} onClick={() => setChosen(s.id)} data-autofocus={i === 0 || undefined} aria-label={`${label(tt.session)} ${String(s.number)}`}>
          <Paper withBorder p="md" radius="md">
            <Group justify="space-between">
              <Text fw={700}>{String(s.number)}</Text>
              <Text>{s._refs?.branchId ?? ''}</Text>
              <Text c="dimmed">{fmt.date(s.openedAt)}</Text>
            </Group>
          </Paper>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
