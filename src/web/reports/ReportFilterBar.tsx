import '../i18n/lazyMessages';
import { Badge, Button, Group, NumberInput, Select, Stack, VisuallyHidden } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenShortcuts } from '../shell/shortcuts';
import { RefSelect } from '../entity/RefSelect';
import { useLocale } from '../i18n/useLocale';
import { DateField } from '../ui/DateField';
import type { ReportConfig } from './types';
import type { FilterPatch, ReportFilters } from './useReportParams';
import { useText } from './useText';

const PERIODS = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly'] as const;

/**
 * Date range, period and the report's own filters (references, choices, numbers), as far as it accepts them.
 * `shownFrom`: the first day the server used when the screen sent none (the fiscal year start).
 * The report comes first (issue 24, as on lists): the dates, the period and a parameter the report needs (`main`)
 * stay in one row, the report's other filters fold behind a "Filters" button that shows how many are active ("f"
 * toggles it); open or folded is remembered per report in localStorage.
 */
export function ReportFilterBar({ cfg, filters, set, shownFrom = null }: { cfg: ReportConfig; filters: ReportFilters; set: (p: FilterPatch) => void; shownFrom?: string | null }) {
  const { t } = useTranslation();
  const { label } = useLocale();
  const text = useText();
  const has = (f: 'from' | 'to' | 'period') => cfg.filters.includes(f);
  const params = cfg.filters.filter((f) => typeof f !== 'string');
  const main = params.filter((f) => f.main);
  const own = params.filter((f) => !f.main);
  const active = own.filter((f) => filters.values[f.param] != null && filters.values[f.param] !== '').length;
  const [open, setOpen] = useLocalStorage<boolean>({ key: `daftar:report-filters-open:${cfg.name}`, defaultValue: false, getInitialValueInEffect: false });
  const ownId = useId();
  useScreenShortcuts(own.length ? [{ keys: 'f', label: t('shell.keys.reportFilters'), run: () => setOpen((o) => !o) }] : []);
  const ownInput = (f: (typeof own)[number]) => {
    const value = filters.values[f.param] ?? null;
    if ('ref' in f) {
      return (
        <RefSelect key={f.param} target={f.ref} size="sm" label={text(f.label)} placeholder={t('common.all')} value={value}
          filters={f.refFilters} onChange={(v) => set({ [f.param]: v })} />
      );
    }
    if ('options' in f) {
      return (
        <Select key={f.param} size="sm" w={190} label={text(f.label)} placeholder={f.placeholder ? text(f.placeholder) : t('common.all')} clearable value={value}
          data={f.options.map((o) => ({ value: o.value, label: label(o.label) }))} onChange={(v) => set({ [f.param]: v })} />
      );
    }
    return (
      <NumberInput key={f.param} size="sm" w={150} label={text(f.label)} placeholder={f.number.placeholder} min={f.number.min} max={f.number.max}
        allowDecimal={false} allowNegative={false} value={value ?? ''}
        onChange={(v) => set({ [f.param]: v === '' ? null : Math.min(f.number.max, Math.max(f.number.min, Number(v))) })} />
    );
  };
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        {has('from') && (
          <DateField size="sm" w={170} label={t('reports.from')} value={filters.from ?? shownFrom} max={filters.to}
            onChange={(v) => set({ from: v })} />
        )}
        {(has('from') || has('to')) && (
          <DateField size="sm" w={170} label={has('from') ? t('reports.to') : t('reports.asOf')} value={filters.to}
            onChange={(v) => v && set({ to: v })} />
        )}
        {has('period') && (
          <Select size="sm" w={170} label={t('reports.period')} placeholder={t('reports.periodNone')} clearable value={filters.period}
            data={PERIODS.map((p) => ({ value: p, label: t(`reports.periods.${p}`) }))} onChange={(v) => set({ period: v })} />
        )}
        {main.map(ownInput)}
        {own.length > 0 && (
          <Button variant={open ? 'light' : 'default'} size="sm" leftSection={<IconFilter size={16} />} aria-expanded={open}
            aria-controls={ownId} aria-keyshortcuts="f" onClick={() => setOpen((o) => !o)}>
            {t('list.showFilters')}
            {active > 0 && (
              <>
                <Badge ms={6} size="sm" circle aria-hidden>{active}</Badge>
                <VisuallyHidden> ({t('list.activeFilters', { count: active })})</VisuallyHidden>
              </>
            )}
          </Button>
        )}
      </Group>
      {open && own.length > 0 && (
        <Group id={ownId} align="flex-end" gap="sm" wrap="wrap">
          {own.map(ownInput)}
        </Group>
      )}
    </Stack>
  );
}
