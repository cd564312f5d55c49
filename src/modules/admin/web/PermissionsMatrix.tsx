import { Checkbox, Group, Input, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../web/api/client';
import { useLocale } from '../../../web/i18n/useLocale';
import type { WidgetProps } from '../../../web/moduleWeb';
import { type PermOp, buildCatalog } from './permissionCatalog';

/** Widget 'permissions': a checkbox matrix (module > entity > operations) editing a list of permission codes. */
export default function PermissionsMatrix({ label: fieldLabel, value, onChange, error, disabled }: WidgetProps) {
  const { t } = useTranslation();
  const { label } = useLocale();
  const answer = useQuery({ queryKey: ['admin-permissions'], queryFn: () => api<unknown>('/api/admin/permissions'), staleTime: 10 * 60_000 });
  const catalog = useMemo(() => buildCatalog(answer.data), [answer.data]);
  const granted = new Set(Array.isArray(value) ? (value as string[]) : []);

  const setMany = (codes: string[], on: boolean) => {
    const next = new Set(granted);
    for (const c of codes) if (on) next.add(c); else next.delete(c);
    onChange([...next].sort());
  };
  const opText = (o: PermOp) => (o.label ? label(o.label) : ((t('ops', { returnObjects: true }) as Record<string, string>)[o.op] ?? o.op));
  const groupBox = (codes: string[], aria: string) => {
    const n = codes.filter((c) => granted.has(c)).length;
    return (
      <Checkbox
        aria-label={aria}
        checked={n > 0 && n === codes.length}
        indeterminate={n > 0 && n < codes.length}
        onChange={(e) => setMany(codes, e.currentTarget.checked)}
        disabled={disabled}
        label={t('permissions.grantAll')}
      />
    );
  };

  return (
    <Input.Wrapper label={fieldLabel} error={error} description={t('permissions.count', { count: granted.size })}>
      {answer.isPending ? (
        <Skeleton h={160} mt="xs" />
      ) : (
        <Stack gap="md" mt="xs">
          {catalog.map((m) => {
            const codes = m.entities.flatMap((e) => e.ops.map((o) => o.code));
            return (
              <Paper key={m.key} withBorder radius="md">
                <Group justify="space-between" px="md" py="xs" bg="var(--mantine-color-default-hover)">
                  <Text fw={700}>{label(m.label)}</Text>
                  {groupBox(codes, label(m.label))}
                </Group>
                <Table verticalSpacing="xs" fz="sm">
                  <Table.Tbody>
                    {m.entities.map((e) => (
                      <Table.Tr key={e.key}>
                        <Table.Td w="30%" fw={500}>
                          {label(e.label)}
                        </Table.Td>
                        <Table.Td w={90}>{groupBox(e.ops.map((o) => o.code), label(e.label))}</Table.Td>
                        <Table.Td>
                          <Group gap="md">
                            {e.ops.map((o) => (
                              <Checkbox
                                key={o.code}
                                label={opText(o)}
                                checked={granted.has(o.code)}
                                onChange={(ev) => setMany([o.code], ev.currentTarget.checked)}
                                disabled={disabled}
                              />
                            ))}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Input.Wrapper>
  );
}
