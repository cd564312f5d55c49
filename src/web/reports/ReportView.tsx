import { Alert, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Pager } from '../ui/Pager';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api } from '../api/client';
import { browserTimeZone, useMe } from '../api/useAuth';
import { formatInstant } from '../entity/formatValue';
import { stripLocale, useLocale } from '../i18n/useLocale';
import { errorMessage } from '../ui/notify';
import { PageLoader } from '../ui/PageLoader';
import { usePageTitle } from '../ui/usePageTitle';
import { ReportActions } from './ReportActions';
import { ReportFilterBar } from './ReportFilterBar';
import { ReportSummary } from './ReportSummary';
import { ReportTable } from './ReportTable';
import type { ReportConfig, ReportJson, ReportModule } from './types';
import { useReportParams } from './useReportParams';

/**
 * One screen for every <module>/reports/<slug> route: filters, the JSON result as a table, downloads. A module
 * passes its report configs and may add controls under the filters (`controls`) and content above the table
 * (`extra`, e.g. a lazy chart).
 */
export function ReportView<C extends ReportConfig>({ module, controls, extra }: {
  module: ReportModule<C>;
  controls?: (cfg: C) => ReactNode;
  extra?: (cfg: C, data: ReportJson) => ReactNode;
}) {
  const { t } = useTranslation();
  const { label, locale } = useLocale();
  const { pathname } = useLocation();
  const slug = stripLocale(pathname).split('/').filter(Boolean).at(-1) ?? '';
  const cfg = module.configs[slug] ?? module.configs[module.fallback]!;
  const { filters, set, query } = useReportParams(cfg, module.serverDefaultFrom);
  const qs = query({ format: 'json' });
  const report = useQuery({
    queryKey: ['report', module.api, cfg.name, qs, locale],
    queryFn: ({ signal }) => api<ReportJson>(`${module.api}/${cfg.name}?${qs}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const data = report.data?.name === cfg.name ? report.data : undefined;
  usePageTitle(data ? label(data.title) : undefined);
  const pages = data?.page ? Math.max(1, Math.ceil(data.page.total / data.page.pageSize)) : 1;
  const timeZone = useMe().data?.company.timeZone ?? browserTimeZone();

  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={1} fz="h2">{data ? label(data.title) : t('reports.title')}</Title>
          <ReportActions module={module} cfg={cfg} query={query} />
        </Group>
        <Paper withBorder p="sm">
          <Stack gap="sm">
            <ReportFilterBar cfg={cfg} filters={filters} set={set} shownFrom={data?.params?.from ?? null} />
            {controls?.(cfg)}
          </Stack>
        </Paper>
        {report.isError && <Alert color="red" title={t('reports.failed')}>{errorMessage(report.error)}</Alert>}
        {!data && report.isPending && <PageLoader />}
        {data && (
          <>
            {data.asOf && <Text size="xs" c="dimmed" data-testid="report-as-of">{t('reports.dataAsOf', { time: formatInstant(data.asOf, locale, timeZone) })}</Text>}
            <ReportSummary summary={data.summary} labelOf={module.summaryLabel} />
            {extra?.(cfg, data)}
            <div style={{ opacity: report.isFetching ? 0.6 : 1 }}>
              <ReportTable data={data} cellText={module.cellText} />
            </div>
            {data.page && (
              <Group justify="space-between">
                <Text size="sm" c="dimmed">{t('list.total', { count: data.page.total })}</Text>
                {pages > 1 && <Pager size="sm" total={pages} value={data.page.page} onChange={(p) => set({ page: p })} />}
              </Group>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
