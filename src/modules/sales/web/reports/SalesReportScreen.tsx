import { Paper, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useLocale } from '../../../../web/i18n/useLocale';
import { ReportView } from '../../../../web/reports/ReportView';
import type { ReportModule } from '../../../../web/reports/types';
import { SALES_REPORTS, type SalesReportConfig } from './reportConfig';
import { srt } from './reportTexts';

const SalesChart = lazy(() => import('./SalesChart'));
type Points = Parameters<typeof SalesChart>[0]['points'];

/** Every /sales/reports/<slug> route: the generic report screen with the sales filters and a chart. */
const SUMMARY: Record<string, (typeof srt)[keyof typeof srt]> = {
  amount: srt.amount, total: srt.total, due: srt.due, opening: srt.opening, debit: srt.debit, credit: srt.credit, closing: srt.closing,
};

const salesReports: ReportModule<SalesReportConfig> = {
  api: '/api/sales/reports',
  configs: SALES_REPORTS,
  fallback: 'product-sales',
  texts: { failed: srt.downloadFailed, pdfFailed: srt.downloadFailed, downloaded: srt.downloaded },
  summaryLabel: (key) => SUMMARY[key],
};

export default function SalesReportScreen() {
  const { label } = useLocale();
  return (
    <ReportView module={salesReports}
      extra={(cfg, data) => {
        if (cfg.name === 'customer-statement' && !data.summary) return <Text c="dimmed" data-testid="statement-hint">{label(srt.pickCustomer)}</Text>;
        const points = cfg.chart && Array.isArray(data.summary?.chart) ? (data.summary.chart as Points) : null;
        if (!points || points.length === 0) return null;
        // a column per period, or rows that are periods (the sales summary, returns by period)
        const byPeriod = data.columns.some((c) => /^p\d+$/.test(c.key) || c.key === 'period');
        return (
          <Paper withBorder p="sm" data-testid="sales-report-chart">
            <Text fw={600} mb="xs">{label(byPeriod ? srt.chartByPeriod : srt.chartTop)}</Text>
            <Suspense fallback={null}><SalesChart points={points} /></Suspense>
          </Paper>
        );
      }} />
  );
}
