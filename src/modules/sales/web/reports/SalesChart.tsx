import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useFormat } from '../../../../web/i18n/useFormat';
import { useLocale } from '../../../../web/i18n/useLocale';
import { srt } from './reportTexts';

/**
 * A sales report's chart (a lazy chunk: @mantine/charts and Recharts load only here): the amount per period, or
 * of the ten largest rows. Values arrive as decimal strings; they become numbers only to size the bars.
 */
export interface ChartPoint { label: string; value: string }

export default function SalesChart({ points }: { points: ChartPoint[] }) {
  const { label } = useLocale();
  const fmt = useFormat();
  const data = points.map((p) => ({ label: p.label, value: Number(p.value) }));
  return (
    <BarChart h={240} data={data} dataKey="label" tickLine="y" valueFormatter={(v) => fmt.number(v.toFixed(2))}
      series={[{ name: 'value', label: label(srt.amount), color: 'teal.6' }]} />
  );
}
