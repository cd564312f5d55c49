import { Alert, Container, Group, Pagination, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../../web/api/client';
import { stripLocale, useLocale } from '../../../web/i18n/useLocale';
import { errorMessage } from '../../../web/ui/notify';
import { PageLoader } from '../../../web/ui/PageLoader';
import { usePageTitle } from '../../../web/ui/usePageTitle';
import { REPORT_CONFIGS } from './reports/reportConfig';
import { ReportActions } from './reports/ReportActions';
import { ReportFilterBar } from './reports/ReportFilterBar';
import { ReportSummary } from './reports/ReportSummary';
import { ReportTable } from './reports/ReportTable';
import type { ReportJson } from './reports/types';
import { useReportParams } from './reports/useReportParams';

const IncomeChart = lazy(() => import('./reports/IncomeChart'));

/** One screen for every /accounting/reports/<slug> route: filters, the JSON result as a table, downloads. */
export default function ReportScreen() {
  const { t } = useTranslation();
  const { label, locale, to } = useLocale();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const slug = stripLocale(pathname).split('/').filter(Boolean).at(-1) ?? '';
  const cfg = REPORT_CONFIGS[slug] ?? REPORT_CONFIGS['trial-balance']!;
  const { filters, set, query } = useReportParams(cfg);
  const qs = query({ format: 'json' });
  const report = useQuery({
    queryKey: ['accounting-report', cfg.name, qs, locale],
    queryFn: ({ signal }) => api<ReportJson>(`/api/accounting/reports/${cfg.name}?${qs}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const data = report.data?.name === cfg.name ? report.data : undefined;
  usePageTitle(data ? label(data.title) : undefined);
  const chart = cfg.chart && Array.isArray(data?.summary?.chart) ? (data.summary.chart as Parameters<typeof IncomeChart>[0]['points']) : null;
  const pages = data?.page ? Math.max(1, Math.ceil(data.page.total / data.page.pageSize)) : 1;

  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={1} fz="h2">{data ? label(data.title) : t('reports.title')}</Title>
          <ReportActions cfg={cfg} query={query} />
        </Group>
        <Paper withBorder p="sm">
          <Stack gap="sm">
            <ReportFilterBar cfg={cfg} filters={filters} set={set} />
            {cfg.detailToggle && (
              <SegmentedControl size="xs" w="fit-content" value={cfg.name}
                data={[{ value: 'trial-balance', label: t('reports.leafAccounts') }, { value: 'detailed-trial-balance', label: t('reports.allAccounts') }]}
                onChange={(v) => navigate(to(`/accounting/reports/${v}`) + search)} />
            )}
          </Stack>
        </Paper>
        {report.isError && <Alert color="red" title={t('reports.failed')}>{errorMessage(report.error)}</Alert>}
        {!data && report.isPending && <PageLoader />}
        {data && (
          <>
            <ReportSummary summary={data.summary} />
            {chart && chart.length > 0 && (
              <Paper withBorder p="sm">
                <Text fw={600} mb="xs">{t('reports.incomeVsExpense')}</Text>
                <Suspense fallback={null}><IncomeChart points={chart} /></Suspense>
              </Paper>
            )}
            <div style={{ opacity: report.isFetching ? 0.6 : 1 }}>
              <ReportTable data={data} />
            </div>
            {data.page && (
              <Group justify="space-between">
                <Text size="sm" c="dimmed">{t('list.total', { count: data.page.total })}</Text>
                {pages > 1 && <Pagination size="sm" total={pages} value={data.page.page} onChange={(p) => set({ page: p })} />}
              </Group>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
