import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';

/** Income vs expense by period (income statement). Numbers here only feed the bars; nothing is summed. */
interface Point { period: string; from: string; to: string; income: string; expense: string }

export default function IncomeChart({ points }: { points: Point[] }) {
  const { t } = useTranslation();
  const data = points.map((p) => ({ period: points.length > 1 ? p.from : `${p.from} – ${p.to}`, income: Number(p.income), expense: Number(p.expense) }));
  return (
    <BarChart h={260} data={data} dataKey="period" withLegend tickLine="y"
      series={[{ name: 'income', label: t('reports.income'), color: 'teal.6' }, { name: 'expense', label: t('reports.expense'), color: 'red.6' }]} />
  );
}
