import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../i18n/useFormat';
import type { ReportModule } from './types';
import { useText } from './useText';

/** Summary figures the report sends (balanced flag, cash flow totals, ...): booleans as badges, amounts as figures. */
const FLAGS = ['balanced', 'reconciles'];

export function ReportSummary({ summary, labelOf }: { summary?: Record<string, unknown>; labelOf?: ReportModule['summaryLabel'] }) {
  const { t } = useTranslation();
  const text = useText();
  const fmt = useFormat();
  if (!summary) return null;
  const flags = FLAGS.filter((k) => typeof summary[k] === 'boolean');
  const amounts = Object.entries(summary).filter(([, v]) => typeof v === 'string');
  if (!flags.length && !amounts.length) return null;
  const name = (k: string) => { const l = labelOf?.(k); return l ? text(l) : t(`reports.summary.${k}`, { defaultValue: k }); };
  return (
    <>
      {flags.length > 0 && (
        <Group gap="xs">
          {flags.map((k) => (
            <Badge key={k} color={summary[k] ? 'teal' : 'red'} variant="light">
              {t(`reports.summary.${k}${summary[k] ? '' : 'Not'}`)}
            </Badge>
          ))}
        </Group>
      )}
      {amounts.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs">
          {amounts.map(([k, v]) => (
            <Paper key={k} withBorder p="xs">
              <Text size="xs" c="dimmed">{name(k)}</Text>
              <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>{fmt.number(v)}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
