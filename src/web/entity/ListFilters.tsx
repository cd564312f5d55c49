import { Button, Group, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type AnyEntity, filterFieldOf } from '../../core/entity/define';
import { DecimalRangeFilter } from './DecimalRangeFilter';
import { useLocale } from '../i18n/useLocale';
import { DateField } from '../ui/DateField';
import { RefSelect } from './RefSelect';

/**
 * One filter per field marked `filter: true` and per named filter of the definition (`def.filters`, e.g. a
 * location matching from OR to): choice lists for enums and flags, a searchable select for refs, and a from/to
 * pair for dates and decimals (keys `<field>.gte` / `<field>.lte`, sent as filter[field][gte|lte]; a decimal's, e.g.
 * the customers' balance, is DecimalRangeFilter).
 */
export function filterKeys(def: AnyEntity): string[] {
  return [...Object.keys(def.fields), ...Object.keys(def.filters ?? {})]
    .filter((k) => { const f = filterFieldOf(def, k)!; return f.filter && ['enum', 'boolean', 'ref', 'date', 'decimal'].includes(f.kind); });
}

export function ListFilters({ def, values, onChange, onChangeMany, onClear }: {
  def: AnyEntity;
  values: Record<string, string>;
  onChange: (key: string, value: string | null) => void;
  /** Several filters at once (a decimal range's two bounds), in one navigation; one by one without it. */
  onChangeMany?: (changes: Record<string, string | null>) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const { label } = useLocale();
  const keys = filterKeys(def);
  if (keys.length === 0) return null;
  const width = { flex: '1 1 160px', maw: 240 };
  const active = Object.values(values).some(Boolean);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {keys.map((k) => {
        const f = filterFieldOf(def, k)!;
        const common = { label: label(f.label), ...width, size: 'sm' as const };
        if (f.kind === 'date') {
          return (['gte', 'lte'] as const).map((op) => (
            <div key={`${k}.${op}`} style={width}>
              <DateField size="sm" clearable label={t(op === 'gte' ? 'list.dateFrom' : 'list.dateTo', { field: common.label })}
                value={values[`${k}.${op}`] ?? null} onChange={(v) => onChange(`${k}.${op}`, v)} />
            </div>
          ));
        }
        if (f.kind === 'decimal') return <DecimalRangeFilter key={k} name={k} field={f} values={values} width={width}
          onChange={onChangeMany ?? ((changes) => { for (const [key, v] of Object.entries(changes)) onChange(key, v); })} />;
        if (f.kind === 'ref') {
          return <RefSelect key={k} {...common} target={f.target} value={values[k] ?? null} onChange={(v) => onChange(k, v)} placeholder={t('common.all')} />;
        }
        const data =
          f.kind === 'enum'
            ? f.options.map((o) => ({ value: o.value, label: label(o.label) }))
            : [
                { value: 'true', label: t('common.yes') },
                { value: 'false', label: t('common.no') },
              ];
        return (
          <Select
            key={k}
            {...common}
            data={data}
            value={values[k] ?? null}
            onChange={(v) => onChange(k, v)}
            placeholder={t('common.all')}
            clearable
            searchable={data.length > 12}
            comboboxProps={{ withinPortal: true }}
          />
        );
      })}
      {active && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={onClear}>
          {t('list.clearFilters')}
        </Button>
      )}
    </Group>
  );
}
