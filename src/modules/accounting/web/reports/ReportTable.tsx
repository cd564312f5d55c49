import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../../web/i18n/useLocale';
import { formatDate } from '../../../../web/entity/formatValue';
import { formatMoney } from './money';
import type { ReportColumn, ReportJson } from './types';

/** The report's rows as a table: money right-aligned (end-aligned in RTL), headings and totals in bold. */
export function ReportTable({ data }: { data: ReportJson }) {
  const { t } = useTranslation();
  const { label, locale } = useLocale();
  const cell = (c: ReportColumn, row: Record<string, unknown>) => {
    const v = row[c.key];
    if (c.kind === 'money') return formatMoney(v);
    if (c.kind === 'date' && typeof v === 'string' && v) return formatDate(v, locale);
    if (c.key === 'activity' && typeof v === 'string') return t(`reports.activities.${v}`, { defaultValue: v });
    return v === null || v === undefined ? '' : String(v);
  };
  const num = (c: ReportColumn) => c.kind === 'money' || c.kind === 'int';
  const tree = data.rows.some((r) => r.isLeaf === false);
  const indent = (c: ReportColumn, row: Record<string, unknown>) =>
    tree && c.key === 'name' && typeof row.level === 'number' ? { paddingInlineStart: `calc(var(--mantine-spacing-xs) + ${row.level}rem)` } : undefined;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover withTableBorder stickyHeader fz="sm">
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
                  <Table.Td key={c.key} ta={num(c) ? 'end' : 'start'} style={{ ...indent(c, row), ...(num(c) ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } : {}) }}>
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
                <Table.Td key={c.key} ta={num(c) ? 'end' : 'start'} style={num(c) ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } : undefined}>
                  {cell(c, data.totals!)}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
