import { Box, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reportCell } from '../../core/documents/report-cell';
import { useFormat } from '../i18n/useFormat';
import { useLocale } from '../i18n/useLocale';
import type { ReportColumn, ReportJson, ReportModule } from './types';

/** The report's rows as a table: numbers end-aligned (right in LTR, left in RTL), headings and totals in bold. */
const NUMERIC = new Set(['money', 'qty', 'int']);

export function ReportTable({ data, cellText }: { data: ReportJson; cellText?: ReportModule['cellText'] }) {
  const { t } = useTranslation();
  const { label } = useLocale();
  const fmt = useFormat();
  const cell = (c: ReportColumn, row: Record<string, unknown>) => {
    const v = row[c.key];
    const shown = reportCell(c.kind, v, fmt);
    if (shown !== undefined) return shown;
    const own = cellText?.(c, v);
    if (own !== undefined) return own;
    return v === null || v === undefined ? '' : String(v);
  };
  const num = (c: ReportColumn) => NUMERIC.has(c.kind);
  const tree = data.rows.some((r) => r.isLeaf === false);
  const indent = (c: ReportColumn, row: Record<string, unknown>) =>
    tree && c.key === 'name' && typeof row.level === 'number' ? { paddingInlineStart: `calc(var(--mantine-spacing-xs) + ${row.level}rem)` } : undefined;
  const numStyle = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  return (
    // a box of its own that scrolls sideways, focusable and named, so a keyboard can scroll it (a report's rows hold
    // nothing focusable: axe's scrollable-region-focusable)
    <Box role="region" aria-label={t('reports.rowsRegion')} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table miw={Math.max(640, data.columns.length * 100)} striped highlightOnHover withTableBorder stickyHeader fz="sm">
        <Table.Thead>
          <Table.Tr>
            {data.columns.map((c) => (
              <Table.Th key={c.key} ta={num(c) ? 'end' : 'start'} style={{ whiteSpace: 'nowrap' }}>{label(c.label)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={data.columns.length}><Text c="dimmed" ta="center" py="md">{t('common.noData')}</Text></Table.Td>
            </Table.Tr>
          )}
          {data.rows.map((row, i) => {
            const strong = row.kind === 'heading' || row.kind === 'total' || row.isLeaf === false;
            return (
              <Table.Tr key={i} fw={strong ? 700 : undefined} bg={row.kind === 'total' ? 'var(--mantine-color-default-hover)' : undefined}>
                {data.columns.map((c) => (
                  <Table.Td key={c.key} ta={num(c) ? 'end' : 'start'} style={{ ...indent(c, row), ...(num(c) ? numStyle : {}) }}>
                    {cell(c, row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        {data.totals && (
          <Table.Tfoot>
            <Table.Tr fw={700}>
              {data.columns.map((c) => (
                <Table.Td key={c.key} ta={num(c) ? 'end' : 'start'} style={num(c) ? numStyle : undefined}>
                  {cell(c, data.totals!)}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Box>
  );
}
