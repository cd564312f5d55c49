import '../i18n/lazyMessages';
import { Badge, Button, Group, Paper, Select, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback, useLocalStorage } from '@mantine/hooks';
import { IconDownload, IconFilter, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { allowedOps } from '../../core/entity/allowed-ops';
import { type AnyEntity, permissionCode } from '../../core/entity/define';
import type { ListPreset } from '../../core/entity/preset';
import { download } from '../api/download';
import { useCan } from '../api/useAuth';
import { type Row, entityUrl, listQueryString, useBulkDelete, useEntityList } from '../api/useEntityQueries';
import { useLocale } from '../i18n/useLocale';
import { useConfirm } from '../ui/ConfirmProvider';
import { notifyError, notifySuccess } from '../ui/notify';
import { ColumnChooser } from './ColumnChooser';
import { EntityFormDrawer } from './EntityFormDrawer';
import { EntityTable } from './EntityTable';
import { ListFilters, filterKeys } from './ListFilters';
import { useColumnPrefs } from './useColumnPrefs';
import { useEntityMessages } from './useEntityMessages';
import { PAGE_SIZES, useListParams } from './useListParams';
import { usePageTitle } from '../ui/usePageTitle';
import { Pager } from '../ui/Pager';
import { useScreenShortcuts } from '../shell/shortcuts';
import { isImportable } from '../../core/import/columns';
import { ImportButton } from './import/ImportButton';

const ImportDrawer = lazy(() => import('./import/ImportDrawer'));

/**
 * The one list screen for every entity: server-side search (debounced), filters, sorting, paging, a column
 * chooser, selection with bulk delete, Excel export of the current query, and "New" in a drawer (or on the
 * full-page form the definition names in `form.page`).
 * The list comes first: the filters fold behind a button that shows how many are active (open or folded is
 * remembered per entity in localStorage). Keys: "/" searches, "n" adds, "f" shows the filters ("?" lists them).
 * Buttons the user has no permission for are not shown; only the rows allowedOps lets this user delete (their
 * state too) can be selected for bulk delete.
 * A list preset (core/entity/preset.ts; `def` is then its definition) reads its own API with its fixed filters,
 * remembers its columns under its key, and creates records with its defaults through its form's fields.
 */
export function EntityList({ def, detailRoute, onOpen, preset }: {
  def: AnyEntity;
  detailRoute: string;
  /** What a row click does instead of opening the record page (e.g. a details dialog). */
  onOpen?: (row: Row) => void;
  preset?: ListPreset;
}) {
  const { t } = useTranslation();
  const { to, label } = useLocale();
  const navigate = useNavigate();
  const can = useCan();
  const confirm = useConfirm();
  const m = useEntityMessages(def);
  const params = useListParams();
  const { query: shown } = params;
  // the preset's fixed filters go with every request, never into the URL or the filter bar
  const query = useMemo(() => (preset ? { ...shown, filters: { ...shown.filters, ...preset.filters } } : shown), [shown, preset]);
  const list = useEntityList(def, query, true, preset?.url);
  const columns = useColumnPrefs(def, preset?.key);
  const bulkDelete = useBulkDelete(def);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [creating, setCreating] = useState(false);
  // `?new=1&set.<field>=<value>`: another screen starts a new record here with some fields filled (the point of
  // sale's Return: /sales/return?new=1&set.orderId=5); the parameters are dropped once the form is open
  const [urlParams, setUrlParams] = useSearchParams();
  const [prefill, setPrefill] = useState<Record<string, unknown> | undefined>(undefined);
  useEffect(() => {
    if (urlParams.get('new') !== '1') return;
    const values: Record<string, unknown> = {};
    for (const [k, v] of urlParams) if (k.startsWith('set.') && def.fields[k.slice(4)]) values[k.slice(4)] = def.fields[k.slice(4)]!.kind === 'ref' && /^\d+$/.test(v) ? Number(v) : v;
    setUrlParams((prev) => { const p = new URLSearchParams(prev); for (const k of [...p.keys()]) if (k === 'new' || k.startsWith('set.')) p.delete(k); return p; }, { replace: true });
    if (def.operations?.create === false || !can(permissionCode(def, 'add'))) return;
    setPrefill(values);
    setCreating(true);
  }, [urlParams]); // eslint-disable-line react-hooks/exhaustive-deps
  const [searchText, setSearchText] = useState(query.search ?? '');
  const pushSearch = useDebouncedCallback((s: string) => params.setSearch(s), 350);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  usePageTitle(label(def.pluralLabel));
  const [filtersOpen, setFiltersOpen] = useLocalStorage<boolean>({ key: `daftar:filters-open:${preset?.key ?? def.name}`, defaultValue: false, getInitialValueInEffect: false });
  const filtersId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const hasFilters = filterKeys(def).length > 0;
  const activeFilters = Object.values(shown.filters ?? {}).filter(Boolean).length;

  const canAdd = def.operations?.create !== false && can(permissionCode(def, 'add'));
  const canDelete = def.operations?.delete !== false && can(permissionCode(def, 'delete'));
  const deletable = (r: Row) => allowedOps(def, r, can).delete;
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (query.pageSize ?? 25)));
  const sort = query.sort ?? def.list.defaultSort;
  const rowHref = (id: number) => to(detailRoute.replace('{id}', String(id)));
  const onNew = () => (def.form?.page ? void navigate(to(def.form.page)) : setCreating(true));
  useScreenShortcuts([
    { keys: '/', label: t('shell.keys.listSearch'), run: () => searchRef.current?.focus() },
    ...(canAdd ? [{ keys: 'n', label: t('shell.keys.listNew'), run: onNew }] : []),
    ...(hasFilters ? [{ keys: 'f', label: t('shell.keys.listFilters'), run: () => setFiltersOpen((o) => !o) }] : []),
  ]);

  useEffect(() => setSelected(new Set()), [query]);
  useEffect(() => {
    if (list.error) notifyError(m.loadError, list.error);
  }, [list.error]); // eslint-disable-line react-hooks/exhaustive-deps

  const onBulkDelete = async () => {
    const ids = [...selected];
    if (!(await confirm({ message: t('confirm.bulkDelete', { count: ids.length }), danger: true, confirmLabel: t('common.delete') }))) return;
    bulkDelete.mutate(ids, {
      onSuccess: (r) => {
        notifySuccess(t('notify.bulkDeleted', { count: r?.deleted ?? ids.length }));
        setSelected(new Set());
      },
      onError: (e) => notifyError(m.deleteError, e),
    });
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const q = listQueryString({ search: query.search, sort: query.sort, filters: query.filters });
      await download(`${preset?.url ?? entityUrl(def)}/export.xlsx${q}`, `${preset?.url?.split('/').pop() ?? def.path}.xlsx`);
      notifySuccess(t('list.exported'));
    } catch (e) {
      notifyError(t('list.exportError'), e);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} fz="h2">
          {label(def.pluralLabel)}
        </Title>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={onExport} loading={exporting}>
            {t('list.exportExcel')}
          </Button>
          {canAdd && isImportable(def) && !preset && <ImportButton onClick={() => setImporting(true)} />}
          {canAdd && (
            <Button leftSection={<IconPlus size={16} />} onClick={onNew} aria-keyshortcuts="n">
              {m.createTitle}
            </Button>
          )}
        </Group>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="sm">
            <TextInput
              ref={searchRef}
              aria-keyshortcuts="/"
              leftSection={<IconSearch size={16} />}
              placeholder={t('list.searchPlaceholder')}
              aria-label={t('common.search')}
              value={searchText}
              onChange={(e) => {
                setSearchText(e.currentTarget.value);
                pushSearch(e.currentTarget.value);
              }}
              w={{ base: '100%', sm: 320 }}
              type="search"
            />
            <Group gap="xs">
              {canDelete && selected.size > 0 && (
                <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={onBulkDelete} loading={bulkDelete.isPending}>
                  {t('list.deleteSelected')} ({selected.size})
                </Button>
              )}
              {hasFilters && (
                <Button
                  variant={filtersOpen ? 'light' : 'default'}
                  leftSection={<IconFilter size={16} />}
                  aria-expanded={filtersOpen}
                  aria-controls={filtersId}
                  aria-keyshortcuts="f"
                  onClick={() => setFiltersOpen((o) => !o)}
                >
                  {t('list.showFilters')}
                  {activeFilters > 0 && (
                    <>
                      <Badge ms={6} size="sm" circle aria-hidden>
                        {activeFilters}
                      </Badge>
                      <VisuallyHidden> ({t('list.activeFilters', { count: activeFilters })})</VisuallyHidden>
                    </>
                  )}
                </Button>
              )}
              <ColumnChooser def={def} visible={columns.visible} onToggle={columns.toggle} />
            </Group>
          </Group>
          {filtersOpen && (
            <div id={filtersId}>
              <ListFilters def={def} values={shown.filters ?? {}} onChange={params.setFilter} onChangeMany={params.setFilters} onClear={params.clearFilters} />
            </div>
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="md">
        <EntityTable
          def={def}
          rows={rows}
          columns={columns.visible}
          loading={list.isPending || list.isFetching}
          sort={sort}
          onSort={params.setSort}
          selectable={canDelete}
          canSelect={deletable}
          selected={selected}
          onSelectedChange={setSelected}
          rowHref={(r) => rowHref(r.id)}
          onOpen={onOpen ?? ((r) => void navigate(rowHref(r.id)))}
        />
      </Paper>

      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {list.data?.totalCapped ? t('list.totalMore', { count: total }) : t('list.total', { count: total })}
          </Text>
          <Select
            aria-label={t('list.pageSize')}
            data={PAGE_SIZES.map(String)}
            value={String(query.pageSize)}
            onChange={(v) => v && params.setPageSize(Number(v))}
            w={84}
            size="xs"
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Text size="sm" c="dimmed" visibleFrom="sm">
            {t('list.pageSize')}
          </Text>
        </Group>
        <Pager total={pages} value={Math.min(query.page ?? 1, pages)} onChange={params.setPage} size="sm" />
      </Group>

      {importing && (
        <Suspense fallback={null}>
          <ImportDrawer def={def} opened={importing} onClose={() => setImporting(false)} />
        </Suspense>
      )}
      <EntityFormDrawer def={def} prefill={prefill} only={preset?.formFields} defaults={preset?.defaults} opened={creating} onClose={() => { setCreating(false); setPrefill(undefined); }} onSaved={(r) => void navigate(rowHref(r.id))} />
    </Stack>
  );
}
