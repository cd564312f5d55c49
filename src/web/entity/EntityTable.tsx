import { Anchor, Checkbox, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnyEntity } from '../../core/entity/define';
import type { Row } from '../api/useEntityQueries';
import { useLocale } from '../i18n/useLocale';
import { FieldValue } from './FieldValue';
import classes from './EntityTable.module.css';

/**
 * The list grid: sortable headers for fields with `sort: true` (and the title field), optional row selection
 * (of the rows `canSelect` allows), and rows that open the record. Loading and empty states are rows of the table.
 */
export function sortableColumn(def: AnyEntity, key: string): boolean {
  return Boolean(def.fields[key]?.sort) || key === def.titleField;
}

interface Props {
  def: AnyEntity;
  rows: Row[];
  columns: string[];
  loading: boolean;
  sort: string;
  onSort: (sort: string) => void;
  selectable: boolean;
  /** Rows that may be selected (the others have no checkbox), when `selectable`; default all. */
  canSelect?: (row: Row) => boolean;
  selected: Set<number>;
  onSelectedChange: (s: Set<number>) => void;
  rowHref: (row: Row) => string;
  onOpen: (row: Row) => void;
}

export function EntityTable({ def, rows, columns, loading, sort, onSort, selectable, canSelect = () => true, selected, onSelectedChange, rowHref, onOpen }: Props) {
  const { t } = useTranslation();
  const { label } = useLocale();
  const choosable = rows.filter(canSelect);
  const allSelected = choosable.length > 0 && choosable.every((r) => selected.has(r.id));
  const someSelected = choosable.some((r) => selected.has(r.id));
  const toggleAll = () => onSelectedChange(allSelected ? new Set() : new Set(choosable.map((r) => r.id)));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id); else next.add(id);
    onSelectedChange(next);
  };
  const span = columns.length + (selectable ? 1 : 0);
  const linkColumn = columns.includes(def.titleField) ? def.titleField : columns[0];

  const header = (k: string) => {
    const text = label(def.fields[k]!.label);
    if (!sortableColumn(def, k)) return text;
    const dir = sort === k ? 'asc' : sort === '-' + k ? 'desc' : null;
    const Icon = dir === 'asc' ? IconArrowUp : dir === 'desc' ? IconArrowDown : IconSelector;
    return (
      <UnstyledButton
        className={classes.sort}
        onClick={() => onSort(dir === 'asc' ? '-' + k : k)}
        aria-label={`${text}: ${dir === 'asc' ? t('list.sortDesc') : t('list.sortAsc')}`}
      >
        <span>{text}</span>
        <Icon size={14} stroke={1.8} />
      </UnstyledButton>
    );
  };

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" className={classes.table} aria-busy={loading}>
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th w={40}>
                <Checkbox aria-label={t('list.selectAll')} checked={allSelected} indeterminate={someSelected && !allSelected} onChange={toggleAll} disabled={choosable.length === 0} />
              </Table.Th>
            )}
            {columns.map((k) => (
              <Table.Th key={k} aria-sort={sort === k ? 'ascending' : sort === '-' + k ? 'descending' : undefined}>
                {header(k)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr data-empty>
              <Table.Td colSpan={span}>
                <Text c="dimmed" ta="center" py="lg">
                  {loading ? t('common.loading') : t('common.noData')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              className={classes.row}
              onClick={() => onOpen(row)}
              data-selected={selected.has(row.id) || undefined}
            >
              {selectable && (
                <Table.Td onClick={(e) => e.stopPropagation()}>
                  {canSelect(row) && <Checkbox aria-label={t('list.selectRow')} checked={selected.has(row.id)} onChange={() => toggle(row.id)} />}
                </Table.Td>
              )}
              {columns.map((k) => (
                <Table.Td key={k}>
                  {k === linkColumn ? (
                    <Anchor component={Link} to={rowHref(row)} fw={500} onClick={(e) => e.stopPropagation()}>
                      <FieldValue def={def} name={k} row={row} />
                    </Anchor>
                  ) : (
                    <FieldValue def={def} name={k} row={row} />
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
