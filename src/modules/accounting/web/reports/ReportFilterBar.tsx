import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../../../../web/entity/RefSelect';
import type { ReportConfig } from './reportConfig';
import type { ReportFilters } from './useReportParams';

const PERIODS = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly'] as const;

/** Date range, period and account / journal / contact filters, as far as the report accepts them. */
export function ReportFilterBar({ cfg, filters, set }: { cfg: ReportConfig; filters: ReportFilters; set: (p: Partial<ReportFilters>) => void }) {
  const { t } = useTranslation();
  const has = (f: ReportConfig['filters'][number]) => cfg.filters.includes(f);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      {has('from') && (
        <TextInput type="date" size="sm" label={t('reports.from')} value={filters.from} max={filters.to}
          onChange={(e) => set({ from: e.currentTarget.value })} />
      )}
      <TextInput type="date" size="sm" label={has('from') ? t('reports.to') : t('reports.asOf')} value={filters.to}
        onChange={(e) => e.currentTarget.value && set({ to: e.currentTarget.value })} />
      {has('period') && (
        <Select size="sm" w={170} label={t('reports.period')} placeholder={t('reports.periodNone')} clearable value={filters.period}
          data={PERIODS.map((p) => ({ value: p, label: t(`reports.periods.${p}`) }))} onChange={(v) => set({ period: v })} />
      )}
      {has('account') && (
        <RefSelect target="account" size="sm" label={t('reports.account')} placeholder={t('common.all')} value={filters.accountId}
          onChange={(v) => set({ accountId: v })} />
      )}
      {has('journal') && (
        <RefSelect target="journal" size="sm" label={t('reports.journal')} placeholder={t('common.all')} value={filters.journalId}
          onChange={(v) => set({ journalId: v })} />
      )}
      {has('contact') && (
        <RefSelect target="contact" size="sm" label={t('reports.contact')} placeholder={t('common.all')} value={filters.contactId}
          onChange={(v) => set({ contactId: v })} />
      )}
    </Group>
  );
}
