import { Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../web/api/client';
import { type CellProps, type Line, type LineColumn, LinesEditor } from '../../../web/entity/LinesEditor';
import { RefSelect } from '../../../web/entity/RefSelect';
import { RefTitle } from '../../../web/entity/RefTitle';
import { useFormat } from '../../../web/i18n/useFormat';
import { useLocale } from '../../../web/i18n/useLocale';
import type { WidgetProps } from '../../../web/moduleWeb';
import { st } from './texts';

/**
 * Lines of a sales order: product, quantity, unit, price, tax, subtotal, and the order's live totals (subtotal, tax,
 * discount, total) while they are edited (a saved order's page shows its totals as fields, once). Picking a product
 * fills its unit, the price the order's price list gives on the order date and the company's default sales tax; a price or tax chosen by hand is kept (a cleared tax means none). Every change
 * of the lines, the discount, the date or the list asks the server's own pricing (POST /api/sales/orders/quote,
 * nothing saved) after a short pause, so the figures shown are the ones saving will store, to the cent.
 */
const emptyLine = (): Line => ({ productId: null, quantity: '1', uomId: null, price: null });
interface QuoteLine { uomId: number; price: string; subtotal: string; taxAmount: string; taxId: number | null }
interface Quote { items: QuoteLine[]; subtotal: string; taxAmount?: string; discount: string; totalAmount: string }

const quote = (body: unknown) => api<Quote>('/api/sales/orders/quote', { method: 'POST', body });

function ProductCell({ line, view, disabled, label, set, values }: CellProps & { values?: Record<string, unknown> }) {
  if (view) return line.productId ? <RefTitle target="product" id={Number(line.productId)} /> : null;
  return (
    <RefSelect target="product" aria-label={label} size="xs" placeholder="" disabled={disabled} filters={{ isActive: 'true' }}
      value={line.productId ? String(line.productId) : null}
      onChange={(v) => {
        if (v === null) return set({ productId: null, uomId: null, price: null });
        const productId = Number(v);
        set({ productId, uomId: null, price: null, taxId: null });
        const body = { orderDate: values?.orderDate, priceListId: values?.priceListId ? Number(values.priceListId) : undefined, items: [{ productId, quantity: String(line.quantity || '1') }] };
        void quote(body).then(
          // The quote fills the line only if it still holds this product, and only what nobody set meanwhile.
          (q) => set((now) => (Number(now.productId) !== productId ? {} : {
            ...(now.uomId ? {} : { uomId: q.items[0]?.uomId ?? null }),
            ...(now.price === null || now.price === undefined || now.price === '' ? { price: q.items[0]?.price ?? null } : {}),
            ...(now.taxId ? {} : { taxId: q.items[0]?.taxId ?? null }),
          })),
          () => undefined,
        );
      }} />
  );
}

/** The lines the server can price (a product and a quantity), with their index in the form. */
function priceable(lines: Line[]): { at: number[]; items: Line[] } {
  const at: number[] = [];
  const items: Line[] = [];
  lines.forEach((l, i) => {
    if (!l.productId || !/[1-9]/.test(String(l.quantity ?? ''))) return;
    at.push(i);
    const { subtotal: _s, taxAmount: _t, baseQuantity: _b, ...rest } = l;
    items.push(rest);
  });
  return { at, items };
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const h = setTimeout(() => setV(value), ms);
    return () => clearTimeout(h);
  }, [value, ms]);
  return v;
}

function useLiveQuote(lines: Line[], values: Record<string, unknown> | undefined, enabled: boolean) {
  const { at, items } = priceable(lines);
  const body = {
    orderDate: values?.orderDate, priceListId: values?.priceListId ? Number(values.priceListId) : undefined,
    discount: values?.discount ? String(values.discount) : '0', items,
  };
  const key = useDebounced(JSON.stringify(body), 300);
  // the debounced body may still be an earlier one (no lines yet): ask only for one with lines and a date
  const asked = JSON.parse(key) as typeof body;
  const q = useQuery({
    queryKey: ['sales', 'quote', key],
    queryFn: () => quote(asked),
    enabled: enabled && items.length > 0 && asked.items.length > 0 && typeof asked.orderDate === 'string',
    placeholderData: keepPreviousData,
    retry: false,
  });
  return { at, q };
}

export default function OrderItemsWidget({ label, value, onChange, error, disabled, view, values }: WidgetProps) {
  const { label: tr } = useLocale();
  const fmt = useFormat();
  const lines: Line[] = Array.isArray(value) ? (value as Line[]) : [];
  const { at, q } = useLiveQuote(lines, values, !view);
  const live = (i: number): QuoteLine | undefined => (view ? undefined : q.data?.items[at.indexOf(i)]);
  const columns: LineColumn[] = [
    { key: 'productId', label: st.product, kind: 'custom', render: (c) => <ProductCell {...c} values={values} /> },
    { key: 'quantity', label: st.quantity, kind: 'decimal', width: 100 },
    { key: 'uomId', label: st.unit, kind: 'ref', target: 'uom', width: 130 },
    { key: 'price', label: st.price, kind: 'decimal', width: 110 },
    { key: 'taxId', label: st.tax, kind: 'ref', target: 'tax', width: 150 },
    { key: 'taxAmount', label: st.taxAmount, kind: 'computed', width: 100, compute: (l) => { const v = live(lines.indexOf(l))?.taxAmount ?? l.taxAmount; return v == null ? '—' : fmt.number(v); } },
    { key: 'subtotal', label: st.subtotal, kind: 'computed', width: 110, compute: (l) => { const v = live(lines.indexOf(l))?.subtotal ?? l.subtotal; return v == null ? '—' : fmt.number(v); } },
  ];
  const t = q.data;
  const figure = (name: string, v: unknown, strong = false) => (
    <Group gap="xs" key={name} wrap="nowrap">
      <Text size="sm" c="dimmed">{name}</Text>
      <Text size="sm" ff="monospace" dir="ltr" fw={strong ? 700 : undefined} data-total={name}>{v == null || v === '' ? '—' : fmt.number(String(v))}</Text>
    </Group>
  );
  return (
    <LinesEditor label={label} columns={columns} value={value} onChange={onChange} emptyLine={emptyLine} error={error} disabled={disabled} view={view}
      // the live totals while the lines are edited; a saved order's page shows its totals as fields
      footer={view ? undefined : () => (
        <Stack gap={4} aria-live="polite" data-testid="order-totals">
          <Group gap="lg">
            {figure(tr(st.subtotal), t?.subtotal)}
            {figure(tr(st.tax), t?.taxAmount)}
            {figure(tr(st.discount), t?.discount)}
            {figure(tr(st.total), t?.totalAmount, true)}
          </Group>
          {q.error && <Text size="sm" c="red">{(q.error as Error).message}</Text>}
        </Stack>
      )} />
  );
}
