import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyEntity } from '../../core/entity/define';
import { entityByName } from '../../modules/registry';
import { useEntityList } from '../api/useEntityQueries';

/**
 * Selects for references. Options come from the target entity's list endpoint, searched on the server as the
 * user types (so folding of Arabic letters applies here too). Titles seen so far are remembered, so a selected
 * record keeps its name when it drops out of the current page of results.
 */
interface Common {
  target: string;
  label?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  description?: string;
  withAsterisk?: boolean;
  name?: string;
}

function useRefOptions(def: AnyEntity, search: string, pageSize: number, known: React.RefObject<Map<string, string>>) {
  const [debounced] = useDebouncedValue(search, 250);
  const list = useEntityList(def, { search: debounced || undefined, pageSize });
  for (const r of list.data?.items ?? []) known.current.set(String(r.id), String(r[def.titleField] ?? `#${r.id}`));
  return { items: list.data?.items ?? [], loading: list.isFetching };
}

export function RefSelect({ target, value, onChange, initialTitle, clearable = true, ...rest }: Common & {
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
  const { items } = useRefOptions(def, search === selectedTitle ? '' : search, 20, known);
  const data = items.map((r) => ({ value: String(r.id), label: known.current.get(String(r.id))! }));
  if (value && !data.some((o) => o.value === value)) data.unshift({ value, label: selectedTitle ?? `#${value}` });
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
      nothingFoundMessage={t('common.noData')}
      placeholder={rest.placeholder ?? t('form.searchRecords')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function RefsSelect({ target, value, onChange, ...rest }: Common & { value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation();
  const def = entityByName(target);
  const known = useRef(new Map<string, string>());
  const [search, setSearch] = useState('');
  const { items } = useRefOptions(def, search, 200, known);
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
      nothingFoundMessage={t('common.noData')}
      placeholder={value.length ? undefined : (rest.placeholder ?? t('form.searchRecords'))}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
