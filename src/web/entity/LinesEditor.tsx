import { ActionIcon, Button, Group, Input, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Label } from '../../core/i18n/locale';
import { entities } from '../../modules/registry';
import { useLocale } from '../i18n/useLocale';
import { DateField } from '../ui/DateField';
import { RefSelect } from './RefSelect';
import { RefTitle } from './RefTitle';
import { withDigits } from '../../core/i18n/format';
import { useFormat } from '../i18n/useFormat';

/**
 * A table editor for json "lines" fields (journal lines, invoice lines): one row per line, a column per line
 * field, rows added and removed. Amounts stay strings. Modules describe their columns; this knows no business.
 * In view mode it renders the same table read-only (detail pages). A 'custom' column renders its own cell and
 * may change several keys of its line at once (a product that brings its unit and cost).
 */
export type Line = Record<string, unknown>;

export interface CellProps {
  line: Line;
  index: number;
  view: boolean;
  disabled?: boolean;
  /** The column's label in the page's language (for aria-label). */
  label: string;
  /**
   * Patches the line. A patch computed from the line as it is when applied (a function) is for answers that arrive
   * after an await: they fill only what the user has not changed meanwhile.
   */
  set: (patch: LinePatch) => void;
}

export type LinePatch = Line | ((current: Line) => Line);

export interface LineColumn {
  key: string;
  label: Label;
  kind: 'ref' | 'decimal' | 'text' | 'date' | 'computed' | 'custom';
  target?: string;
  width?: number | string;
  /** For 'computed' columns: the shown value. */
  compute?: (line: Line) => string;
  /** For 'custom' columns: the cell. */
  render?: (cell: CellProps) => ReactNode;
  /** Numbers: header and cell at the end side. Default for 'decimal' and 'computed'. */
  numeric?: boolean;
}

const isNumeric = (c: LineColumn) => c.numeric ?? (c.kind === 'decimal' || c.kind === 'computed');

interface Props {
  label?: string;
  columns: LineColumn[];
  value: unknown;
  onChange?: (lines: Line[]) => void;
  emptyLine: () => Line;
  error?: string;
  disabled?: boolean;
  view?: boolean;
  footer?: (lines: Line[]) => ReactNode;
}

const known = new Set(entities.map((e) => e.name));

export function LinesEditor({ label: fieldLabel, columns: all, value, onChange, emptyLine, error, disabled, view, footer }: Props) {
  const { t } = useTranslation();
  const { label } = useLocale();
  const fmt = useFormat();
  const lines: Line[] = Array.isArray(value) ? (value as Line[]) : [];
  const columns = all.filter((c) => c.kind !== 'ref' || known.has(c.target!));
  // A cell may patch its line after an await (a product bringing its unit and cost): the patch applies to the lines
  // as they are then, not as they were when the cell was rendered, or a quantity typed meanwhile would be lost.
  const latest = useRef(lines);
  latest.current = lines;
  const patch = (i: number, p: LinePatch) => {
    latest.current = latest.current.map((l, j) => (j === i ? { ...l, ...(typeof p === 'function' ? p(l) : p) } : l));
    onChange?.(latest.current);
  };
  const set = (i: number, key: string, v: unknown) => patch(i, { [key]: v });

  const cell = (c: LineColumn, line: Line, i: number) => {
    const v = line[c.key];
    if (c.kind === 'computed') return <Text size="sm" ff="monospace" dir="ltr" ta="end">{c.compute!(line)}</Text>;
    if (c.kind === 'custom') return c.render!({ line, index: i, view: Boolean(view), disabled, label: label(c.label), set: (p) => patch(i, p) });
    if (view) {
      if (c.kind === 'ref') return v ? <RefTitle target={c.target!} id={Number(v)} /> : <Text c="dimmed">{t('common.none')}</Text>;
      if (c.kind === 'date') return <Text size="sm">{v ? fmt.date(v) : t('common.none')}</Text>;
      return (
        <Text size="sm" ff={c.kind === 'decimal' ? 'monospace' : undefined} dir={c.kind === 'decimal' ? 'ltr' : 'auto'} ta={c.kind === 'decimal' ? 'end' : undefined}>
          {v === null || v === undefined || v === '' ? t('common.none') : c.kind === 'decimal' ? withDigits(String(v), fmt.digits) : String(v)}
        </Text>
      );
    }
    const aria = label(c.label);
    if (c.kind === 'ref')
      return (
        <RefSelect target={c.target!} aria-label={aria} size="xs" value={v === null || v === undefined || v === '' ? null : String(v)}
          onChange={(s) => set(i, c.key, s === null ? null : Number(s))} disabled={disabled} placeholder="" />
      );
    if (c.kind === 'date')
      return <DateField aria-label={aria} size="xs" clearable value={v ? String(v).slice(0, 10) : null} disabled={disabled} onChange={(d) => set(i, c.key, d)} />;
    return (
      <TextInput aria-label={aria} size="xs" value={v === null || v === undefined ? '' : String(v)} disabled={disabled}
        onChange={(e) => set(i, c.key, e.currentTarget.value)}
        dir={c.kind === 'decimal' ? 'ltr' : 'auto'} inputMode={c.kind === 'decimal' ? 'decimal' : undefined}
        styles={c.kind === 'decimal' ? { input: { textAlign: 'end', fontFamily: 'var(--mantine-font-family-monospace)' } } : undefined} />
    );
  };

  return (
    <Input.Wrapper label={fieldLabel} error={error}>
      <Table.ScrollContainer minWidth={720} mt={fieldLabel ? 6 : 0}>
        <Table withTableBorder verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>#</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.key} w={c.width} ta={isNumeric(c) ? 'end' : undefined}>
                  {label(c.label)}
                </Table.Th>
              ))}
              {!view && <Table.Th w={44} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 2}>
                  <Text c="dimmed" ta="center" size="sm">{t('common.noData')}</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {lines.map((line, i) => (
              <Table.Tr key={i}>
                <Table.Td c="dimmed">{i + 1}</Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c.key}>{cell(c, line, i)}</Table.Td>
                ))}
                {!view && (
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={t('form.removeLine', { n: i + 1 })} disabled={disabled}
                      onClick={() => onChange?.(lines.filter((_, j) => j !== i))}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="xs">
        {!view ? (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} disabled={disabled} onClick={() => onChange?.([...lines, emptyLine()])}>
            {t('form.addLine')}
          </Button>
        ) : (
          <span />
        )}
        {footer?.(lines)}
      </Group>
    </Input.Wrapper>
  );
}
