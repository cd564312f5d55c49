import { Input, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { withDigits } from '../../../core/i18n/format';
import { api, isApiError } from '../../../web/api/client';
import { type LineColumn, LinesEditor } from '../../../web/entity/LinesEditor';
import { RefTitle } from '../../../web/entity/RefTitle';
import { useFormat } from '../../../web/i18n/useFormat';
import { useLocale } from '../../../web/i18n/useLocale';
import type { WidgetProps } from '../../../web/moduleWeb';
import { rt } from './return.texts';

/**
 * Lines of a sales return. Editing: the original order's lines (GET /api/sales/returns/returnable: sold and what is
 * still returnable, the return being edited left out), each with a quantity to return and an item reason; the value
 * holds the lines given a quantity ({ orderLine, quantity, reason }). The server checks everything again (and once
 * more at confirm, under the order's lock). Viewing: the saved lines with their unit, price and subtotal.
 */
interface OrderLine { orderLine: number; productId: number; description: string | null; uomId: number; sold: string; price: string; returnable: string }
interface Item { orderLine: number; quantity: string; reason: string | null }

const viewColumns: LineColumn[] = [
  { key: 'productId', label: rt.product, kind: 'ref', target: 'product' },
  { key: 'quantity', label: rt.returned, kind: 'decimal', width: 110 },
  { key: 'uomId', label: rt.unit, kind: 'ref', target: 'uom', width: 120 },
  { key: 'price', label: rt.price, kind: 'decimal', width: 120 },
  { key: 'subtotal', label: rt.subtotal, kind: 'decimal', width: 120 },
  { key: 'reason', label: rt.reason, kind: 'text' },
];

export default function ReturnItemsWidget({ label, value, onChange, error, disabled, view, values }: WidgetProps) {
  const { label: tl } = useLocale();
  const fmt = useFormat();
  const orderId = values?.orderId ? Number(values.orderId) : null;
  const returnId = values?.id ? Number(values.id) : null;
  const [lines, setLines] = useState<OrderLine[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (view || !orderId) return;
    let live = true;
    setLines(null);
    setProblem(null);
    api<{ lines: OrderLine[] }>(`/api/sales/returns/returnable?orderId=${orderId}${returnId ? `&returnId=${returnId}` : ''}`).then(
      (r) => { if (live) setLines(r.lines); },
      (e: unknown) => { if (live) setProblem(isApiError(e) ? e.message : String(e)); },
    );
    return () => { live = false; };
  }, [view, orderId, returnId]);

  if (view) return <LinesEditor label={label} columns={viewColumns} value={value} emptyLine={() => ({})} view />;

  const items: Item[] = Array.isArray(value) ? (value as Item[]) : [];
  const itemOf = (n: number) => items.find((i) => i.orderLine === n);
  const put = (n: number, patch: Partial<Item>) => {
    const cur = itemOf(n) ?? { orderLine: n, quantity: '', reason: null };
    const next = { ...cur, ...patch };
    const rest = items.filter((i) => i.orderLine !== n);
    onChange((next.quantity === '' ? rest : [...rest, next]).sort((a, b) => a.orderLine - b.orderLine));
  };
  const num = (v: string) => fmt.number(v);

  let body;
  if (!orderId) body = <Text c="dimmed" size="sm">{tl(rt.pickOrder)}</Text>;
  else if (problem) body = <Text c="red" size="sm">{problem}</Text>;
  else if (!lines) body = <Text c="dimmed" size="sm">{tl(rt.loading)}</Text>;
  else body = (
    <Table.ScrollContainer minWidth={760}>
      <Table withTableBorder verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>#</Table.Th>
            <Table.Th>{tl(rt.product)}</Table.Th>
            <Table.Th w={90} ta="end">{tl(rt.sold)}</Table.Th>
            <Table.Th w={110} ta="end">{tl(rt.returnable)}</Table.Th>
            <Table.Th w={100}>{tl(rt.unit)}</Table.Th>
            <Table.Th w={100} ta="end">{tl(rt.price)}</Table.Th>
            <Table.Th w={130}>{tl(rt.quantity)}</Table.Th>
            <Table.Th>{tl(rt.reason)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => {
            const it = itemOf(l.orderLine);
            return (
              <Table.Tr key={l.orderLine}>
                <Table.Td c="dimmed">{l.orderLine}</Table.Td>
                <Table.Td><RefTitle target="product" id={l.productId} /></Table.Td>
                <Table.Td ta="end" ff="monospace" dir="ltr">{num(l.sold)}</Table.Td>
                <Table.Td ta="end" ff="monospace" dir="ltr">{num(l.returnable)}</Table.Td>
                <Table.Td><RefTitle target="uom" id={l.uomId} /></Table.Td>
                <Table.Td ta="end" ff="monospace" dir="ltr">{withDigits(l.price, fmt.digits)}</Table.Td>
                <Table.Td>
                  <TextInput size="xs" aria-label={`${tl(rt.quantity)} ${l.orderLine}`} dir="ltr" inputMode="decimal" disabled={disabled || Number(l.returnable) <= 0}
                    value={it?.quantity ?? ''} onChange={(e) => put(l.orderLine, { quantity: e.currentTarget.value.trim() })}
                    styles={{ input: { textAlign: 'end', fontFamily: 'var(--mantine-font-family-monospace)' } }} />
                </Table.Td>
                <Table.Td>
                  <TextInput size="xs" aria-label={`${tl(rt.reason)} ${l.orderLine}`} disabled={disabled || !it}
                    value={it?.reason ?? ''} onChange={(e) => put(l.orderLine, { reason: e.currentTarget.value || null })} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return <Input.Wrapper label={label} error={error}>{body}</Input.Wrapper>;
}
