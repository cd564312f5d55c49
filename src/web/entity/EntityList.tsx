import { Button, Group, Pagination, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type AnyEntity, permissionCode } from '../../core/entity/define';
import { download } from '../api/download';
import { useCan } from '../api/useAuth';
import { type Row, entityUrl, listQueryString, useBulkDelete, useEntityList } from '../api/useEntityQueries';
import { useLocale } from '../i18n/useLocale';
import { useConfirm } from '../ui/ConfirmProvider';
import { notifyError, notifySuccess } from '../ui/notify';
import { ColumnChooser } from './ColumnChooser';
import { EntityFormDrawer } from './EntityFormDrawer';
import { EntityTable } from './EntityTable';
import { ListFilters } from './ListFilters';
import { useColumnPrefs } from './useColumnPrefs';
import { useEntityMessages } from './useEntityMessages';
import { PAGE_SIZES, useListParams } from './useListParams';
import { usePageTitle } from '../ui/usePageTitle';

/**
 * The one list screen for every entity: server-side search (debounced), filters, sorting, paging, a column
 * chooser, selection with bulk delete, Excel export of the current query, and "New" in a drawer (or on the
 * full-page form the definition names in `form.page`).
 * Buttons the user has no permission for are not shown.
 */
export function EntityList({ def, detailRoute, onOpen }: {
  def: AnyEntity;
  detailRoute: string;
  /** What a row click does instead of opening the record page (e.g. a details dialog). */
  onOpen?: (row: Row) => void;
}) {
  const { t } = useTranslation();
  const { to, label } = useLocale();
  const navigate = useNavigate();
  const can = useCan();
  const confirm = useConfirm();
  const m = useEntityMessages(def);
  const params = useListParams();
  const { query } = params;
  const list = useEntityList(def, query);
  const columns = useColumnPrefs(def);
  const bulkDelete = useBulkDelete(def);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [creating, setCreating] = useState(false);
  const [searchText, setSearchText] = useState(query.search ?? '');
  const pushSearch = useDebouncedCallback((s: string) => params.setSearch(s), 350);
  const [exporting, setExporting] = useState(false);
  usePageTitle(label(def.pluralLabel));

  const canAdd = def.operations?.create !== false && can(permissionCode(def, 'add'));
  const canDelete = def.operations?.delete !== false && can(permissionCode(def, 'delete'));
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (query.pageSize ?? 25)));
  const sort = query.sort ?? def.list.defaultSort;
  const rowHref = (id: number) => to(detailRoute.replace('{id}', String(id)));

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
      await download(`${entityUrl(def)}/export.xlsx${q}`, `${def.path}.xlsx`);
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
          {canAdd && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => (def.form?.page ? void navigate(to(def.form.page)) : setCreating(true))}>
              {m.createTitle}
            </Button>
          )}
        </Group>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="sm">
            <TextInput
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
              <ColumnChooser def={def} visible={columns.visible} onToggle={columns.toggle} />
            </Group>
          </Group>
          <ListFilters def={def} values={query.filters ?? {}} onChange={params.setFilter} onClear={params.clearFilters} />
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
        <Pagination total={pages} value={Math.min(query.page ?? 1, pages)} onChange={params.setPage} size="sm" />
      </Group>

      <EntityFormDrawer def={def} opened={creating} onClose={() => setCreating(false)} onSaved={(r) => void navigate(rowHref(r.id))} />
    </Stack>
  );
}
