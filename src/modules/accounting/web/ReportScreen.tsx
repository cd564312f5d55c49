import { Paper, SegmentedControl, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLocale } from '../../../web/i18n/useLocale';
import { ReportView } from '../../../web/reports/ReportView';
import type { ReportModule } from '../../../web/reports/types';
import { type AccountingReportConfig, REPORT_CONFIGS } from './reports/reportConfig';

const IncomeChart = lazy(() => import('./reports/IncomeChart'));
type Points = Parameters<typeof IncomeChart>[0]['points'];

/** Every /accounting/reports/<slug> route: the generic report screen, with the trial balance toggle and the income chart. */
export default function ReportScreen() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { search } = useLocation();
  const navigate = useNavigate();
  const module: ReportModule<AccountingReportConfig> = {
    api: '/api/accounting/reports',
    configs: REPORT_CONFIGS,
    fallback: 'trial-balance',
    serverDefaultFrom: true, // from the start of the fiscal year (accounting settings)
    cellText: (c, v) => (c.key === 'activity' && typeof v === 'string' ? t(`reports.activities.${v}`, { defaultValue: v }) : undefined),
  };
  return (
    <ReportView module={module}
      controls={(cfg) => cfg.detailToggle && (
        <SegmentedControl size="xs" w="fit-content" value={cfg.name}
          data={[{ value: 'trial-balance', label: t('reports.leafAccounts') }, { value: 'detailed-trial-balance', label: t('reports.allAccounts') }]}
          onChange={(v) => navigate(to(`/accounting/reports/${v}`) + search)} />
      )}
      extra={(cfg, data) => {
        const chart = cfg.chart && Array.isArray(data.summary?.chart) ? (data.summary.chart as Points) : null;
        return chart && chart.length > 0 && (
          <Paper withBorder p="sm">
            <Text fw={600} mb="xs">{t('reports.incomeVsExpense')}</Text>
            <Suspense fallback={null}><IncomeChart points={chart} /></Suspense>
          </Paper>
        );
      }} />
  );
}
