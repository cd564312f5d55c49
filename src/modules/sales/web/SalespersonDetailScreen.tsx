import { Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../web/api/client';
import type { Row } from '../../../web/api/useEntityQueries';
import EntityDetailPage from '../../../web/entity/EntityDetailPage';
import { useFormat } from '../../../web/i18n/useFormat';
import { useLocale } from '../../../web/i18n/useLocale';
import { entityByName } from '../../registry';
import { st } from './texts';

/** A salesperson: the generic record page and their totals of the company's current year (GET .../:id/totals). */
const def = entityByName('salesperson');
interface Totals { year: number; totalSales: string; netSales: string; orders: number; averageOrderValue: string; salesTarget: string; progress: string | null }

function TotalsPanel({ person }: { person: Row }) {
  const { label } = useLocale();
  const fmt = useFormat();
  const q = useQuery({ queryKey: ['sales', 'salesperson-totals', person.id, person.version], queryFn: () => api<Totals>(`/api/sales/salespersons/${person.id}/totals`) });
  const t = q.data;
  if (!t) return null;
  const figure = (name: string, v: string) => (
    <Stack gap={2} key={name}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">{name}</Text>
      <Text fw={600} ff="monospace" dir="ltr" ta="start">{v}</Text>
    </Stack>
  );
  const pct = t.progress === null ? null : Math.min(100, Number(t.progress));
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} fz="md">{label(st.totalsOf).replace('{year}', fmt.number(String(t.year), 0).replace(/[,٬]/g, ''))}</Title>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {figure(label(st.totalSales), fmt.number(t.totalSales))}
          {figure(label(st.netSales), fmt.number(t.netSales))}
          {figure(label(st.orders), fmt.number(String(t.orders), 0))}
          {figure(label(st.averageOrder), fmt.number(t.averageOrderValue))}
        </SimpleGrid>
        {pct !== null && (
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm">{label(st.progress)}</Text>
              <Text size="sm" ff="monospace" dir="ltr">{fmt.number(t.progress, 1)}%</Text>
            </Group>
            <Progress value={pct} aria-label={label(st.progress)} />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

export default function SalespersonDetailScreen() {
  return <EntityDetailPage def={def} basePath="/sales/salesperson" children={(row) => <TotalsPanel person={row} />} />;
}
