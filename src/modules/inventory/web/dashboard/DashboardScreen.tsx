import { Alert, Anchor, Badge, Container, Group, Paper, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarExclamation, IconCurrency, IconPackages } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../../web/api/client';
import { useFormat } from '../../../../web/i18n/useFormat';
import { formatUnit } from '../../../../core/i18n/format';
import { useLocale } from '../../../../web/i18n/useLocale';
import { DateField } from '../../../../web/ui/DateField';
import { errorMessage } from '../../../../web/ui/notify';
import { PageLoader } from '../../../../web/ui/PageLoader';
import { usePageTitle } from '../../../../web/ui/usePageTitle';
import { type DashboardJson, dt } from './dashboardTexts';

const DashboardCharts = lazy(() => import('./DashboardCharts'));

/** /inventory/dashboard: KPIs, charts (lazy) and the low stock and expiring lots lists, as of a date (today by default). */
function Kpi({ icon, title, value, color, to }: { icon: ReactNode; title: string; value: string; color: string; to?: string }) {
  const body = (
    <Group wrap="nowrap">
      <ThemeIcon size={44} radius="md" variant="light" color={color}>{icon}</ThemeIcon>
      <div>
        <Text size="sm" c="dimmed">{title}</Text>
        <Text fw={700} fz="xl" style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</Text>
      </div>
    </Group>
  );
  return <Paper withBorder p="md">{to ? <Anchor component={Link} to={to} c="inherit" underline="never">{body}</Anchor> : body}</Paper>;
}

export default function DashboardScreen() {
  const { t } = useTranslation();
  const { label, locale, to } = useLocale();
  const fmt = useFormat();
  const [sp, setSp] = useSearchParams();
  const asOf = sp.get('to') ?? '';
  usePageTitle(label(dt.title));
  const q = useQuery({
    queryKey: ['inventory-dashboard', asOf, locale],
    queryFn: ({ signal }) => api<DashboardJson>(`/api/inventory/dashboard${asOf ? `?to=${asOf}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const d = q.data;
  const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={1} fz="h2">{label(dt.title)}</Title>
          <DateField size="sm" label={label(dt.asOf)} value={asOf || d?.asOf || null}
            onChange={(v) => setSp((prev) => { const n = new URLSearchParams(prev); if (v) n.set('to', v); else n.delete('to'); return n; }, { replace: true })} />
        </Group>
        {q.isError && <Alert color="red" title={label(dt.loadFailed)}>{errorMessage(q.error)}</Alert>}
        {!d && q.isPending && <PageLoader />}
        {d && (
          <div style={{ opacity: q.isFetching ? 0.6 : 1 }}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
                <Kpi icon={<IconPackages size={24} />} color="blue" title={label(dt.products)} value={fmt.number(String(d.kpis.products), 0)} />
                <Kpi icon={<IconCurrency size={24} />} color="teal" title={label(dt.onHandValue)} value={fmt.number(d.kpis.onHandValue)} to={to('/inventory/reports/stock-balance')} />
                <Kpi icon={<IconAlertTriangle size={24} />} color="orange" title={label(dt.lowStock)} value={fmt.number(String(d.kpis.lowStock), 0)} to={to('/inventory/reports/reorder-level')} />
                <Kpi icon={<IconCalendarExclamation size={24} />} color="red" title={label(dt.expiringLots, { days: formatUnit(d.kpis.expiryAlertDays, 'day', fmt) })} value={fmt.number(String(d.kpis.expiringLots), 0)} />
              </SimpleGrid>
              <Suspense fallback={<PageLoader />}><DashboardCharts data={d} /></Suspense>
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <Paper withBorder p="md">
                  <Group justify="space-between" mb="sm">
                    <Text fw={600}>{label(dt.lowStockList)}</Text>
                    <Anchor component={Link} to={to('/inventory/reports/reorder-level')} size="sm">{label(dt.seeReport)}</Anchor>
                  </Group>
                  {d.lowStock.length === 0 ? <Text c="dimmed">{t('common.noData')}</Text> : (
                    <Table.ScrollContainer minWidth={360}>
                      <Table fz="sm" striped>
                        <Table.Thead><Table.Tr>
                          <Table.Th>{label(dt.product)}</Table.Th><Table.Th ta="end">{label(dt.onHand)}</Table.Th>
                          <Table.Th ta="end">{label(dt.reorderLevel)}</Table.Th><Table.Th ta="end">{label(dt.suggested)}</Table.Th>
                        </Table.Tr></Table.Thead>
                        <Table.Tbody>
                          {d.lowStock.map((r) => (
                            <Table.Tr key={r.productId}>
                              <Table.Td><Anchor component={Link} to={to(`/inventory/inventory/products/${r.productId}`)} size="sm">{r.product}</Anchor></Table.Td>
                              <Table.Td ta="end" style={num}>{fmt.number(r.onHand, 0)} {r.uom}</Table.Td>
                              <Table.Td ta="end" style={num}>{fmt.number(r.reorderLevel, 0)}</Table.Td>
                              <Table.Td ta="end" style={num}>{fmt.number(r.suggested, 0)}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                  )}
                </Paper>
                <Paper withBorder p="md">
                  <Text fw={600} mb="sm">{label(dt.expiringList)}</Text>
                  {d.expiringLots.length === 0 ? <Text c="dimmed">{t('common.noData')}</Text> : (
                    <Table.ScrollContainer minWidth={360}>
                      <Table fz="sm" striped>
                        <Table.Thead><Table.Tr>
                          <Table.Th>{label(dt.lot)}</Table.Th><Table.Th>{label(dt.product)}</Table.Th><Table.Th>{label(dt.expiry)}</Table.Th>
                          <Table.Th ta="end">{label(dt.daysLeft)}</Table.Th><Table.Th ta="end">{label(dt.quantity)}</Table.Th>
                        </Table.Tr></Table.Thead>
                        <Table.Tbody>
                          {d.expiringLots.map((r) => (
                            <Table.Tr key={r.lotId}>
                              <Table.Td>{r.lot}</Table.Td><Table.Td>{r.product}</Table.Td><Table.Td style={num}>{fmt.date(r.expiryDate)}</Table.Td>
                              <Table.Td ta="end" style={num}>{r.daysLeft < 0 ? <Badge color="red" variant="light">{label(dt.expired)}</Badge> : fmt.number(String(r.daysLeft), 0)}</Table.Td>
                              <Table.Td ta="end" style={num}>{fmt.number(r.quantity, 0)}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                  )}
                </Paper>
              </SimpleGrid>
            </Stack>
          </div>
        )}
      </Stack>
    </Container>
  );
}
