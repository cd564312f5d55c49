import { Button, Group, Stack, Text } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../../web/api/client';
import { type ListResult, entityUrl, useEntity } from '../../../web/api/useEntityQueries';
import { useLocale } from '../../../web/i18n/useLocale';
import { notifyError, showNotification } from '../../../web/ui/notify';
import { toScaled } from '../../../web/entity/decimalMath';
import { type CellProps, type Line, type LineColumn, LinesEditor } from '../../../web/entity/LinesEditor';
import type { WidgetProps } from '../../../web/moduleWeb';
import { entityByName } from '../../registry';
import { ItemsTotal } from './ItemsTotal';
import { decimalColumn, idOf, lotColumn, productColumn, useOnHand, useTracking } from './itemColumns';
import { difference, lineValue, money, qty, total } from './lineMath';
import { tx } from './texts';

/**
 * Stock adjustment items (in the product's unit): product, lot when tracked, the current quantity, the counted
 * quantity, the difference and its value (difference x unit cost; the product's cost unless a unit cost is given).
 * While editing, the current quantity is read live from the location's stock; once saved or confirmed, the
 * figures the server stored are shown.
 */
const productDef = entityByName('product');
const stockItemDef = entityByName('stockItem');

/** Every stock item of a location (all pages), as lines counted at their current quantity. */
async function locationLines(locationId: number): Promise<Line[]> {
  const out: Line[] = [];
  for (let page = 1; page <= 50; page++) {
    const r = await api<ListResult>(`${entityUrl(stockItemDef)}?filter[locationId]=${locationId}&sort=productId&pageSize=200&page=${page}`);
    for (const q of r.items) if (toScaled(q.quantity) !== 0n) out.push({ productId: q.productId, lotId: q.lotId ?? null, countedQuantity: qty(toScaled(q.quantity)), unitCost: '' });
    if (page * r.pageSize >= r.total) break;
  }
  return out;
}

const lineKey = (l: Line) => `${String(l.productId)}:${String(l.lotId ?? '')}`;

/** "Load the location's stock": adds a line per product and lot on hand that is not counted yet (counted = current). */
function LoadStockButton({ locationId, lines, onChange, disabled }: { locationId: number | undefined; lines: Line[]; onChange: (v: unknown) => void; disabled?: boolean }) {
  const { label } = useLocale();
  const [busy, setBusy] = useState(false);
  const load = async () => {
    if (!locationId) return showNotification({ color: 'orange', title: label(tx.chooseLocation), message: '' });
    setBusy(true);
    try {
      const have = new Set(lines.filter((l) => l.productId).map(lineKey));
      const add = (await locationLines(locationId)).filter((l) => !have.has(lineKey(l)));
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

function Num({ n, strong }: { n: bigint | undefined; strong?: boolean }) {
  if (n === undefined) return <Text size="sm" c="dimmed" ta="end">—</Text>;
  return <Text size="sm" ff="monospace" dir="ltr" ta="end" fw={strong ? 600 : undefined} c={strong && n < 0n ? 'red' : undefined}>{qty(n)}</Text>;
}

/** The figures of one line: stored ones in view mode, live ones while editing. */
function useLineFigures(line: Line, locationId: number | undefined, view: boolean) {
  const productId = idOf(line.productId);
  const onHand = useOnHand(view ? undefined : productId, locationId, idOf(line.lotId) ?? null);
  const product = useEntity(productDef, view ? undefined : productId);
  if (view) {
    return { current: toScaled(line.currentQuantity), diff: toScaled(line.differenceQuantity), value: toScaled(line.differenceValue) };
  }
  const current = productId ? onHand : undefined;
  const counted = String(line.countedQuantity ?? '') === '' ? undefined : line.countedQuantity;
  const diff = current === undefined || counted === undefined ? undefined : difference(counted, qty(current));
  const cost = String(line.unitCost ?? '') !== '' ? line.unitCost : product.data?.cost;
  return { current, diff, value: diff === undefined || cost === undefined ? undefined : lineValue(qty(diff), cost) };
}

const cell = (pick: 'current' | 'diff' | 'value', locationId: number | undefined) => (c: CellProps) => <FigureCell {...c} pick={pick} locationId={locationId} />;

function FigureCell({ line, view, pick, locationId }: CellProps & { pick: 'current' | 'diff' | 'value'; locationId: number | undefined }) {
  const f = useLineFigures(line, locationId, view);
  if (pick === 'value') {
    const v = f.value;
    return v === undefined ? <Num n={undefined} /> : <Text size="sm" ff="monospace" dir="ltr" ta="end" c={v < 0n ? 'red' : undefined}>{money(v)}</Text>;
  }
  return <Num n={f[pick]} strong={pick === 'diff'} />;
}

export default function AdjustmentItemsWidget({ label, value: v, onChange, error, disabled, view, values }: WidgetProps) {
  const lines: Line[] = Array.isArray(v) ? (v as Line[]) : [];
  const tracking = useTracking(lines, ['lotId']);
  const locationId = idOf(values?.locationId);
  const columns: LineColumn[] = [
    productColumn(false),
    ...(tracking.lots ? [lotColumn] : []),
    { key: 'currentQuantity', label: tx.current, kind: 'custom', width: 100, numeric: true, render: cell('current', locationId) },
    decimalColumn('countedQuantity', tx.counted, view, 'quantity'),
    { key: 'differenceQuantity', label: tx.difference, kind: 'custom', width: 100, numeric: true, render: cell('diff', locationId) },
    decimalColumn('unitCost', tx.unitCost, view, 'cost'),
    { key: 'differenceValue', label: tx.differenceValue, kind: 'custom', width: 120, numeric: true, render: cell('value', locationId) },
  ];
  const editor = (
    <LinesEditor label={label} columns={columns} value={v} onChange={onChange} emptyLine={emptyLine} error={error} disabled={disabled} view={view}
      footer={(ls) => (view ? <ItemsTotal label={tx.differenceValue} value={money(total(ls, (l) => toScaled(l.differenceValue)))} /> : null)} />
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
