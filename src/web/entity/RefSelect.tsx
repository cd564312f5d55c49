import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyEntity } from '../../core/entity/define';
import { entityByName } from '../../modules/registry';
import { useEntity, useEntityList } from '../api/useEntityQueries';
import { useLocale } from '../i18n/useLocale';
import { recordTitle } from './formatValue';

/**
 * Selects for references. Options come from the target entity's list endpoint, searched on the server as the
 * user types (so folding of Arabic letters applies here too). Titles seen so far are remembered, so a selected
 * record keeps its name when it drops out of the current page of results.
 */
interface Common {
  target: string;
  label?: string;
  error?: string;
  disabled?: boolean;
  placeholder?: string;
  description?: string;
  labelProps?: { 'data-mandatory': true };
  'aria-required'?: boolean;
  name?: string;
  size?: 'xs' | 'sm' | 'md';
  'aria-label'?: string;
  /** List filters of the target (e.g. `{ groupId: '3' }`: only units of one group). */
  filters?: Record<string, string>;
}

function useRefOptions(def: AnyEntity, search: string, pageSize: number, known: React.RefObject<Map<string, string>>, enabled: boolean, filters?: Record<string, string>) {
  const { locale } = useLocale();
  const [debounced] = useDebouncedValue(search, 250);
  const list = useEntityList(def, { search: debounced || undefined, pageSize, filters }, enabled);
  for (const r of list.data?.items ?? []) known.current.set(String(r.id), recordTitle(def, r, locale));
  return { items: list.data?.items ?? [], loading: list.isFetching };
}

export function RefSelect({ target, value, onChange, initialTitle, clearable = true, filters, ...rest }: Common & {
  value: string | null;
  onChange: (v: string | null) => void;
  initialTitle?: string | null;
  clearable?: boolean;
}) {
  const { t } = useTranslation();
  const def = entityByName(target);
  const known = useRef(new Map<string, string>());
  if (value && initialTitle && !known.current.has(value)) known.current.set(value, initialTitle);
  const [search, setSearch] = useState('');
  const selectedTitle = value ? known.current.get(value) : undefined;
  // Options are fetched when the list opens (or to name a value that came without its title).
  const [opened, setOpened] = useState(false);
  const { items } = useRefOptions(def, search === selectedTitle ? '' : search, 20, known, opened, filters);
  const { locale } = useLocale();
  const single = useEntity(def, value && !selectedTitle ? Number(value) : undefined);
  if (value && single.data && !known.current.has(value)) known.current.set(value, recordTitle(def, single.data, locale));
  const data = items.map((r) => ({ value: String(r.id), label: known.current.get(String(r.id))! }));
  if (value && !data.some((o) => o.value === value)) data.unshift({ value, label: known.current.get(value) ?? `#${value}` });
  return (
    <Select
      {...rest}
      data={data}
      value={value}
      onChange={(v) => onChange(v)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      clearable={clearable}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={t('common.noData')}
      placeholder={rest.placeholder ?? t('form.searchRecords')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function RefsSelect({ target, value, onChange, filters, ...rest }: Common & { value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation();
  const def = entityByName(target);
  const known = useRef(new Map<string, string>());
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const { items } = useRefOptions(def, search, 200, known, opened || value.some((v) => !known.current.has(v)), filters);
  const data = items.map((r) => ({ value: String(r.id), label: known.current.get(String(r.id))! }));
  for (const v of value) if (!data.some((o) => o.value === v)) data.push({ value: v, label: known.current.get(v) ?? `#${v}` });
  return (
    <MultiSelect
      {...rest}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      clearable
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={t('common.noData')}
      placeholder={value.length ? undefined : (rest.placeholder ?? t('form.searchRecords'))}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
