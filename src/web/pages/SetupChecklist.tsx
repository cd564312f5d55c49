import { Alert, Anchor, Badge, Group, List, Paper, Progress, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Label } from '../../core/i18n/locale';
import { api } from '../api/client';
import { useLocale } from '../i18n/useLocale';
import { errorMessage } from '../ui/notify';
import { homeTexts as ht } from './homeTexts';

/**
 * The setup checklist of the home page (GET /api/admin/setup-checklist, administrators only): each step opens its
 * screen and is ticked by the server from the company's data. Refetched whenever the home is shown again.
 */
export interface Checklist { complete: boolean; steps: { key: string; label: Label; hint: Label; route: string; done: boolean }[] }
export const checklistKey = ['setup-checklist'] as const;

export function useChecklist(enabled: boolean) {
  return useQuery({ queryKey: checklistKey, queryFn: () => api<Checklist>('/api/admin/setup-checklist'), enabled, staleTime: 0, refetchOnMount: 'always' });
}

export function SetupChecklist({ data, error }: { data?: Checklist; error?: unknown }) {
  const { label, to } = useLocale();
  if (error) return <Alert color="red" mb="lg">{label(ht.loadFailed)}: {errorMessage(error)}</Alert>;
  if (!data) return null;
  const done = data.steps.filter((s) => s.done).length;
  return (
    <Paper withBorder radius="lg" p="lg" mb="xl" component="section" aria-labelledby="setup-title">
      <Title order={2} fz="h3" id="setup-title">{label(ht.setupTitle)}</Title>
      <Text c="dimmed" size="sm" mb="sm">{label(ht.setupIntro, { done, total: data.steps.length })}</Text>
      <Progress value={(done / Math.max(1, data.steps.length)) * 100} mb="md" aria-hidden />
      <List spacing="sm" listStyleType="none" p={0} data-testid="setup-checklist">
        {data.steps.map((s) => (
          <List.Item key={s.key} data-step={s.key} data-done={s.done}
            icon={<ThemeIcon color={s.done ? 'teal' : 'gray'} variant="light" radius="xl" size={26}>{s.done ? <IconCircleCheck size={18} /> : <IconCircleDashed size={18} />}</ThemeIcon>}>
            <Group gap="xs" wrap="wrap">
              <Anchor component={Link} to={to(s.route)} fw={600}>{label(s.label)}</Anchor>
              <Badge size="sm" variant="light" color={s.done ? 'teal' : 'gray'}>{label(s.done ? ht.done : ht.todo)}</Badge>
            </Group>
            <Text size="sm" c="dimmed">{label(s.hint)}</Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
