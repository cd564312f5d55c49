import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Line, type LineColumn, LinesEditor } from '../../../web/entity/LinesEditor';
import { invoiceLineAmount } from '../../../core/money/round';
import { useMe } from '../../../web/api/useAuth';
import { fromScaled, sum } from '../../../web/entity/decimalMath';
import type { WidgetProps } from '../../../web/moduleWeb';

/**
 * Invoice lines: product (when the inventory module exists), account, description, quantity, unit price,
 * discount and tax, with each line's amount before tax (quantity x unit price - discount), rounded half-up to the
 * company's currency decimals by the very function the server's totals use (core/money/round.ts), and their sum.
 * The server computes the invoice's totals and taxes; these figures are a guide while typing.
 */
const DECIMAL = /^\s*-?\d*(\.\d*)?\s*$/;
const num = (v: unknown) => (DECIMAL.test(String(v ?? '')) && /\d/.test(String(v)) ? String(v).trim() : '0');
const lineAmount = (l: Line, decimals: number) => invoiceLineAmount(num(l.quantity), num(l.unitPrice), num(l.discount), decimals);

const columnsFor = (decimals: number): LineColumn[] => [
  { key: 'productId', label: { en: 'Product', ar: 'المنتج' }, kind: 'ref', target: 'product', width: '18%' },
  { key: 'accountId', label: { en: 'Account', ar: 'الحساب' }, kind: 'ref', target: 'account', width: '18%' },
  { key: 'description', label: { en: 'Description', ar: 'الوصف' }, kind: 'text' },
  { key: 'quantity', label: { en: 'Quantity', ar: 'الكمية' }, kind: 'decimal', width: 90 },
  { key: 'unitPrice', label: { en: 'Unit price', ar: 'سعر الوحدة' }, kind: 'decimal', width: 110 },
  { key: 'discount', label: { en: 'Discount', ar: 'الخصم' }, kind: 'decimal', width: 90 },
  { key: 'taxId', label: { en: 'Tax', ar: 'الضريبة' }, kind: 'ref', target: 'tax', width: '14%' },
  { key: 'amount', label: { en: 'Amount', ar: 'المبلغ' }, kind: 'computed', width: 110, compute: (l) => lineAmount(l, decimals) },
];

const emptyLine = (): Line => ({ productId: null, accountId: null, description: '', quantity: '1', unitPrice: '', discount: '0', taxId: null });

export default function InvoiceLinesWidget({ label, value, onChange, error, disabled, view }: WidgetProps) {
  const { t } = useTranslation();
  const decimals = useMe().data?.company.currencyDecimals ?? 2;
  const columns = columnsFor(decimals);
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
      footer={(lines) => (
        <Group gap="md">
          <Text size="sm" c="dimmed">{t('form.totals')}</Text>
          <Text size="sm" ff="monospace" dir="ltr">{fromScaled(sum(lines.map((l) => lineAmount(l, decimals))), decimals)}</Text>
        </Group>
      )}
    />
  );
}
