import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Line, type LineColumn, LinesEditor } from '../../../web/entity/LinesEditor';
import { fromScaled, sum } from '../../../web/entity/decimalMath';
import type { WidgetProps } from '../../../web/moduleWeb';

/**
 * Journal lines (journal entries, beginning balances): account, label, debit, credit, contact, with running
 * totals and whether the entry balances. The server's ledger rules decide; this only shows where it stands.
 */
const columns: LineColumn[] = [
  { key: 'accountId', label: { en: 'Account', ar: 'الحساب' }, kind: 'ref', target: 'account', width: '28%' },
  { key: 'label', label: { en: 'Label', ar: 'البيان' }, kind: 'text' },
  { key: 'debit', label: { en: 'Debit', ar: 'مدين' }, kind: 'decimal', width: 130 },
  { key: 'credit', label: { en: 'Credit', ar: 'دائن' }, kind: 'decimal', width: 130 },
  { key: 'contactId', label: { en: 'Contact', ar: 'جهة الاتصال' }, kind: 'ref', target: 'contact', width: '20%' },
];

const emptyLine = (): Line => ({ accountId: null, label: '', debit: '', credit: '', contactId: null });

function Totals({ lines }: { lines: Line[] }) {
  const { t } = useTranslation();
  const debit = sum(lines.map((l) => l.debit));
  const credit = sum(lines.map((l) => l.credit));
  const diff = debit - credit;
  return (
    <Group gap="md">
      <Text size="sm" c="dimmed">{t('form.totals')}</Text>
      <Text size="sm" ff="monospace" dir="ltr">{fromScaled(debit)}</Text>
      <Text size="sm" ff="monospace" dir="ltr">{fromScaled(credit)}</Text>
      {diff === 0n ? (
        <Badge color="teal" variant="light" tt="none">{t('form.balanced')}</Badge>
      ) : (
        <Badge color="red" variant="light" tt="none">{t('form.difference', { amount: fromScaled(diff < 0n ? -diff : diff) })}</Badge>
      )}
    </Group>
  );
}

export default function EntryLinesWidget({ label, value, onChange, error, disabled, view }: WidgetProps) {
  return (
    <LinesEditor
      label={label}
      columns={columns}
      value={value}
      onChange={onChange}
      emptyLine={emptyLine}
      error={error}
      disabled={disabled}
      view={view}
      footer={(lines) => <Totals lines={lines} />}
    />
  );
}
