import { Badge, Group, Stack, Table, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnyEntity } from '../../core/entity/define';
import { useEntityHistory } from '../api/useEntityQueries';
import { changedKeys } from './historyKeys';
import { useFormat } from '../i18n/useFormat';
import { useLocale } from '../i18n/useLocale';
import { formatDateTime, formatValue } from './formatValue';
import { RefTitle } from './RefTitle';

/** The audit trail of a record (GET /:id/history): who, when, what, and each changed field before -> after. */
export function HistoryList({ def, id }: { def: AnyEntity; id: number }) {
  const { t } = useTranslation();
  const { label } = useLocale();
  const fmt = useFormat();
  const history = useEntityHistory(def, id);
  if (history.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (history.error) return <Text c="red">{t('common.error')}</Text>;
  const items = [...history.data.items].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  if (items.length === 0) return <Text c="dimmed">{t('detail.noHistory')}</Text>;
  const actionLabel = (a: string) => {
    const named = def.states?.transitions[a]?.label ?? def.actions?.[a];
    return named ? label(named) : ((t('detail.actions', { returnObjects: true }) as Record<string, string>)[a] ?? a);
  };
  const show = (k: string, v: unknown) => {
    const f = def.fields[k];
    if (f?.kind === 'ref' && v !== null && v !== undefined) return <RefTitle target={f.target} id={Number(v)} />;
    return formatValue(f, v, fmt);
  };
  return (
    <Timeline bulletSize={14} lineWidth={2} active={items.length}>
      {items.map((h) => {
        const keys = changedKeys(def, h);
        return (
          <Timeline.Item
            key={h.id}
            title={
              <Group gap={6}>
                <Badge variant="light" size="sm" tt="none">
                  {actionLabel(h.action)}
                </Badge>
                <Text span fw={600} size="sm">
                  {h.userName ?? t('detail.system')}
                </Text>
              </Group>
            }
          >
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                {formatDateTime(h.at, fmt)}
              </Text>
              {keys.length > 0 && (
                <Table withTableBorder withColumnBorders fz="xs" verticalSpacing={4} maw={720}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('detail.field')}</Table.Th>
                      <Table.Th>{t('detail.before')}</Table.Th>
                      <Table.Th>{t('detail.after')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {keys.map((k) => (
                      <Table.Tr key={k}>
                        <Table.Td>{def.fields[k] ? label(def.fields[k].label) : k}</Table.Td>
                        <Table.Td c="dimmed" style={{ overflowWrap: 'anywhere' }}>{show(k, h.before?.[k])}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{show(k, h.after?.[k])}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
