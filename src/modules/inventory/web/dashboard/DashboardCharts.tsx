import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { ColorSwatch, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fromScaled, sum } from '../../../../web/entity/decimalMath';
import { useFormat } from '../../../../web/i18n/useFormat';
import { useLocale } from '../../../../web/i18n/useLocale';
import { MOVE_TYPES } from '../../model/enums';
import { type DashboardJson, dt } from './dashboardTexts';

/**
 * The dashboard's charts (a lazy chunk: @mantine/charts and Recharts load only here). Values arrive as decimal
 * strings; they become numbers only to size the shapes and axes, and the legend shows the exact strings.
 */
const COLORS = ['teal.6', 'blue.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.6', 'indigo.6', 'yellow.6', 'red.6'];
const MOVE_COLORS: Record<string, string> = { incoming: 'teal.6', outgoing: 'blue.6', internal: 'gray.6', scrap: 'red.6', adjustment: 'orange.6', opening: 'grape.6' };

export default function DashboardCharts({ data }: { data: DashboardJson }) {
  const { t } = useTranslation();
  const { label } = useLocale();
  const fmt = useFormat();
  const money = (v: number) => fmt.number(v.toFixed(2));
  const categories = data.valueByCategory.slice(0, 9).map((c, i) => ({ name: c.name, value: Number(c.value), exact: c.value, color: COLORS[i]! }));
  const rest = data.valueByCategory.length > 9 ? fromScaled(sum(data.valueByCategory.slice(9).map((c) => c.value))) : null;
  if (rest) categories.push({ name: label(dt.otherCategories), value: Number(rest), exact: rest, color: 'gray.5' });
  const warehouses = data.valueByWarehouse.map((w) => ({ warehouse: w.name || t('common.none'), value: Number(w.value) }));
  const types = MOVE_TYPES.filter((m) => data.movesOverTime.some((d) => Number(d[m.value] ?? 0) > 0));
  const moves = data.movesOverTime.map((d) => ({ ...Object.fromEntries(types.map((m) => [m.value, Number(d[m.value] ?? 0)])), day: d.day.slice(5) }));
  const empty = <Text c="dimmed" ta="center" py="xl">{t('common.noData')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
      <Paper withBorder p="md">
        <Text fw={600} mb="sm">{label(dt.valueByCategory)}</Text>
        {categories.length ? (
          <Group justify="center" gap="lg">
            <DonutChart data={categories} size={180} thickness={26} withTooltip tooltipDataSource="segment" valueFormatter={money} />
            <Stack gap={4}>
              {categories.map((c) => (
                <Group key={c.name} gap="xs" wrap="nowrap">
                  <ColorSwatch size={12} color={`var(--mantine-color-${c.color.replace('.', '-')})`} />
                  <Text size="sm">{c.name}</Text>
                  <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>{fmt.number(c.exact)}</Text>
                </Group>
              ))}
            </Stack>
          </Group>
        ) : empty}
      </Paper>
      <Paper withBorder p="md">
        <Text fw={600} mb="sm">{label(dt.valueByWarehouse)}</Text>
        {warehouses.length ? (
          <BarChart h={220} data={warehouses} dataKey="warehouse" valueFormatter={money} tickLine="y"
            series={[{ name: 'value', label: label(dt.onHandValue), color: 'teal.6' }]} />
        ) : empty}
      </Paper>
      <Paper withBorder p="md">
        <Text fw={600} mb="sm">{label(dt.movesOverTime)}</Text>
        {types.length ? (
          <BarChart h={220} data={moves} dataKey="day" type="stacked" withLegend tickLine="y"
            series={types.map((m) => ({ name: m.value, label: label(m.label), color: MOVE_COLORS[m.value] ?? 'gray.6' }))} />
        ) : empty}
      </Paper>
    </SimpleGrid>
  );
}
