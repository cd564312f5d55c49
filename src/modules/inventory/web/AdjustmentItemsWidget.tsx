import { Button, Group, Stack, Text } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../web/api/client';
import { type ListResult, type Row, entityUrl } from '../../../web/api/useEntityQueries';
import { useLocale } from '../../../web/i18n/useLocale';
import { notifyError, showNotification } from '../../../web/ui/notify';
import { toScaled } from '../../../web/entity/decimalMath';
import { type CellProps, type Line, type LineColumn, LinesEditor } from '../../../web/entity/LinesEditor';
import type { WidgetProps } from '../../../web/moduleWeb';
import { entityByName } from '../../registry';
import { type Figures, adjustmentTotals, lineFigures, stockIndex, storedFigures } from './adjustmentMath';
import { ItemsTotal } from './ItemsTotal';
import { decimalColumn, idOf, lotColumn, productColumn, useTracking } from './itemColumns';
import { money, qty } from './lineMath';
import { tx } from './texts';

/**
 * Stock adjustment items (in the product's unit): product, lot when tracked, the current quantity, the counted
 * quantity, the difference and its value (difference x unit cost; the product's cost unless a unit cost is given),
 * with the total difference quantity and value under them, live while editing (adjustmentMath.ts, exact). While
 * editing, current quantities come from the location's stock (one query per location, shared with "Load the
 * location's stock"); once saved or confirmed, the figures the server stored are shown.
 */
const productDef = entityByName('product');
const stockItemDef = entityByName('stockItem');

/** Every stock item of a location (all pages). */
async function locationStock(locationId: number, signal?: AbortSignal): Promise<Row[]> {
  const out: Row[] = [];
  for (let page = 1; page <= 50; page++) {
    const r = await api<ListResult>(`${entityUrl(stockItemDef)}?filter[locationId]=${locationId}&sort=productId&pageSize=200&page=${page}`, { signal });
    out.push(...r.items);
    if (page * r.pageSize >= r.total) break;
  }
  return out;
}
// Under 'entity': refreshed after any save, like every entity query.
const stockQuery = (locationId: number) => ({
  queryKey: ['entity', stockItemDef.name, 'atLocation', locationId] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => locationStock(locationId, signal),
});

/** The location's stock as lines counted at their current quantity (what is on hand, without zero rows). */
const asLines = (rows: Row[]): Line[] => rows.filter((q) => toScaled(q.quantity) !== 0n)
  .map((q) => ({ productId: q.productId, lotId: q.lotId ?? null, countedQuantity: qty(toScaled(q.quantity)), unitCost: '' }));

const lineKey = (l: Line) => `${String(l.productId)}:${String(l.lotId ?? '')}`;

/** "Load the location's stock": adds a line per product and lot on hand that is not counted yet (counted = current). */
function LoadStockButton({ locationId, lines, onChange, disabled }: { locationId: number | undefined; lines: Line[]; onChange: (v: unknown) => void; disabled?: boolean }) {
  const { label } = useLocale();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const load = async () => {
    if (!locationId) return showNotification({ color: 'orange', title: label(tx.chooseLocation), message: '' });
    setBusy(true);
    try {
      const have = new Set(lines.filter((l) => l.productId).map(lineKey));
      const add = asLines(await qc.fetchQuery({ ...stockQuery(locationId), staleTime: 0 })).filter((l) => !have.has(lineKey(l)));
      if (add.length === 0 && have.size === 0) showNotification({ color: 'blue', title: label(tx.loadStockEmpty), message: '' });
      onChange([...lines.filter((l) => l.productId), ...add]);
    } catch (e) {
      notifyError(label(tx.loadStockFailed), e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="xs" variant="light" leftSection={<IconListCheck size={14} />} onClick={() => void load()} loading={busy} disabled={disabled}>
      {label(tx.loadStock)}
    </Button>
  );
}

const emptyLine = (): Line => ({ productId: null, lotId: null, countedQuantity: '', unitCost: '' });

/** Figures of every line: stored ones in view mode, live ones (location stock, products' costs) while editing. */
function useFigures(lines: Line[], locationId: number | undefined, view: boolean): Figures[] {
  const stock = useQuery({ ...stockQuery(locationId ?? 0), enabled: !view && locationId !== undefined });
  const productIds = view ? [] : [...new Set(lines.map((l) => idOf(l.productId)).filter((id): id is number => id !== undefined))];
  // The same key as useEntity(product), so the product cells' queries are shared.
  const products = useQueries({
    queries: productIds.map((id) => ({
      queryKey: ['entity', productDef.name, 'one', id] as const,
      queryFn: ({ signal }: { signal?: AbortSignal }) => api<Row>(`${entityUrl(productDef)}/${id}`, { signal }),
    })),
  });
  if (view) return lines.map(storedFigures);
  const index = stock.data ? stockIndex(stock.data) : undefined;
  const cost = new Map(productIds.map((id, i) => [id, products[i]?.data?.cost]));
  return lines.map((l) => lineFigures(l, locationId ? index : undefined, cost.get(idOf(l.productId) ?? 0)));
}

function Figure({ n, kind, strong }: { n: bigint | undefined; kind: 'qty' | 'money'; strong?: boolean }) {
  if (n === undefined) return <Text size="sm" c="dimmed" ta="end">—</Text>;
  return (
    <Text size="sm" ff="monospace" dir="ltr" ta="end" fw={strong ? 600 : undefined} c={n < 0n ? 'red' : undefined}>
      {kind === 'qty' ? qty(n) : money(n)}
    </Text>
  );
}

export default function AdjustmentItemsWidget({ label, value: v, onChange, error, disabled, view, values }: WidgetProps) {
  const lines: Line[] = Array.isArray(v) ? (v as Line[]) : [];
  const tracking = useTracking(lines, ['lotId']);
  const locationId = idOf(values?.locationId);
  const figures = useFigures(lines, locationId, Boolean(view));
  const totals = adjustmentTotals(lines, figures);
  const figure = (pick: keyof Figures) => ({ index }: CellProps) => <Figure n={figures[index]?.[pick]} kind={pick === 'value' ? 'money' : 'qty'} strong={pick === 'diff'} />;
  const columns: LineColumn[] = [
    productColumn(false),
    ...(tracking.lots ? [lotColumn] : []),
    { key: 'currentQuantity', label: tx.current, kind: 'custom', width: 100, numeric: true, render: figure('current') },
    decimalColumn('countedQuantity', tx.counted, view, 'quantity'),
    { key: 'differenceQuantity', label: tx.difference, kind: 'custom', width: 100, numeric: true, render: figure('diff') },
    decimalColumn('unitCost', tx.unitCost, view, 'cost'),
    { key: 'differenceValue', label: tx.differenceValue, kind: 'custom', width: 120, numeric: true, render: figure('value') },
  ];
  const show = (n: bigint | undefined, f: (n: bigint) => string) => (n === undefined ? '—' : f(n));
  const editor = (
    <LinesEditor label={label} columns={columns} value={v} onChange={onChange} emptyLine={emptyLine} error={error} disabled={disabled} view={view}
      footer={() => (
        <Group gap="xl" justify="flex-end" wrap="wrap">
          <ItemsTotal label={tx.totalDifference} value={show(totals.diff, qty)} testId="adjustment-total-difference" />
          <ItemsTotal label={tx.totalDifferenceValue} value={show(totals.value, money)} testId="items-total" />
        </Group>
      )} />
  );
  if (view) return editor;
  return (
    <Stack gap={4}>
      <Group justify="flex-end">
        <LoadStockButton locationId={locationId} lines={lines} onChange={onChange} disabled={disabled} />
      </Group>
      {editor}
    </Stack>
  );
}
