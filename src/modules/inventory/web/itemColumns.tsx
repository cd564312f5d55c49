import { Text, Tooltip } from '@mantine/core';
import { api } from '../../../web/api/client';
import { type Row, entityUrl, useCurrentEntity, useEntity, useEntityList } from '../../../web/api/useEntityQueries';
import type { CellProps, Line, LineColumn } from '../../../web/entity/LinesEditor';
import { toScaled } from '../../../web/entity/decimalMath';
import { RefSelect } from '../../../web/entity/RefSelect';
import { RefTitle } from '../../../web/entity/RefTitle';
import { useLocale } from '../../../web/i18n/useLocale';
import { entityByName } from '../../registry';
import { convert, price, qty } from './lineMath';
import { tx } from './texts';

/**
 * Columns the stock documents' item editors share: the product (searched on the server, Arabic letters folded;
 * picking one brings its unit and, where asked, its cost), a unit limited to the product's unit group, a lot of
 * the product, and the quantity available at the document's source location.
 */
const productDef = entityByName('product');
const uomDef = entityByName('uom');
const stockItemDef = entityByName('stockItem');
const settingsDef = entityByName('inventorySettings');

export const idOf = (v: unknown): number | undefined => (v === null || v === undefined || v === '' ? undefined : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const positive = (v: unknown) => /^\d+(\.\d+)?$/.test(String(v ?? '')) && /[1-9]/.test(String(v));

/** The product's unit and cost a new line starts from (receipts prefer the purchase price). */
async function productDefaults(id: number, withCost: boolean): Promise<Line> {
  const p = await api<Row>(`${entityUrl(productDef)}/${id}`);
  const out: Line = { uomId: p.uomId ?? null };
  if (withCost) out.unitCost = positive(p.purchasePrice) ? String(p.purchasePrice) : String(p.cost ?? '');
  return out;
}

function ProductCell({ line, view, disabled, label, set, withCost }: CellProps & { withCost: boolean }) {
  if (view) return line.productId ? <RefTitle target="product" id={Number(line.productId)} /> : null;
  return (
    <RefSelect target="product" aria-label={label} size="xs" placeholder="" disabled={disabled}
      filters={{ productType: 'storable', isActive: 'true' }}
      value={str(line.productId)}
      onChange={(v) => {
        if (v === null) return set({ productId: null, uomId: null, lotId: null });
        const productId = Number(v);
        const before = line.unitCost;
        set({ productId, lotId: null, uomId: null });
        // The product's unit and cost arrive later: they fill the line only if it still holds this product, and the
        // cost only if nobody typed one meanwhile.
        void productDefaults(productId, withCost).then((d) => set((now) => {
          if (Number(now.productId) !== productId) return {};
          return { ...(now.uomId ? {} : { uomId: d.uomId }), ...(withCost && now.unitCost === before ? { unitCost: d.unitCost } : {}) };
        }), () => undefined);
      }} />
  );
}

/** The unit group of a product (through its own unit), for limiting unit pickers. */
export function useProductUnit(productId: number | undefined) {
  const p = useEntity(productDef, productId);
  const u = useEntity(uomDef, idOf(p.data?.uomId));
  return { product: p.data, uom: u.data, groupId: idOf(u.data?.groupId) };
}

function UomCell({ line, view, disabled, label, set }: CellProps) {
  const { locale } = useLocale();
  const { groupId } = useProductUnit(view ? undefined : idOf(line.productId));
  if (view) return line.uomId ? <RefTitle target="uom" id={Number(line.uomId)} /> : null;
  const select = (
    <RefSelect target="uom" aria-label={label} size="xs" placeholder="" disabled={disabled || !groupId}
      filters={groupId ? { groupId: String(groupId) } : undefined}
      value={str(line.uomId)} clearable={false} onChange={(v) => set({ uomId: v === null ? null : Number(v) })} />
  );
  return groupId ? select : <Tooltip label={tx.pickProductFirst[locale]}><div>{select}</div></Tooltip>;
}

function LotCell({ line, view, disabled, label, set }: CellProps) {
  if (view) return line.lotId ? <RefTitle target="stockLot" id={Number(line.lotId)} /> : <Text size="sm" c="dimmed">—</Text>;
  return (
    <RefSelect target="stockLot" aria-label={label} size="xs" placeholder="" disabled={disabled || !line.productId}
      filters={line.productId ? { productId: String(line.productId) } : undefined}
      value={str(line.lotId)} onChange={(v) => set({ lotId: v === null ? null : Number(v) })} />
  );
}

/**
 * On hand of a product (optionally one lot) at a location, summed over its stock items, in the product's unit.
 * Undefined while unknown.
 */
export function useOnHand(productId: number | undefined, locationId: number | undefined, lotId?: number | null) {
  const filters: Record<string, string> = { productId: String(productId ?? ''), locationId: String(locationId ?? '') };
  if (lotId) filters.lotId = String(lotId);
  const list = useEntityList(stockItemDef, { filters, pageSize: 200 }, Boolean(productId && locationId));
  if (!productId || !locationId || !list.data) return undefined;
  return list.data.items.reduce((acc, r) => acc + toScaled(r.quantity), 0n);
}

/** Available at the source location next to the quantity asked, red when the line asks for more (same group units). */
function AvailableCell({ line, locationId }: { line: Line; locationId: number | undefined }) {
  const { locale } = useLocale();
  const productId = idOf(line.productId);
  const onHand = useOnHand(productId, locationId, idOf(line.lotId) ?? null);
  const { uom: productUom } = useProductUnit(productId);
  const lineUom = useEntity(uomDef, idOf(line.uomId));
  if (onHand === undefined) return <Text size="sm" c="dimmed" ta="end">—</Text>;
  const asked = productUom && lineUom.data ? convert(line.quantity, lineUom.data.conversionFactor, productUom.conversionFactor) : 0n;
  const short = asked > onHand;
  const text = <Text size="sm" ff="monospace" dir="ltr" ta="end" c={short ? 'red' : undefined} fw={short ? 600 : undefined}>{qty(onHand)}</Text>;
  return short ? <Tooltip label={tx.notAvailable[locale]}>{text}</Tooltip> : text;
}

/** A decimal column: typed while editing, formatted (quantity or unit cost) on detail pages. */
export function decimalColumn(key: string, label: LineColumn['label'], view: boolean | undefined, kind: 'quantity' | 'cost', width = 110): LineColumn {
  if (!view) return { key, label, kind: 'decimal', width };
  return {
    key, label, kind: 'computed', width,
    compute: (l) => (l[key] === null || l[key] === undefined || l[key] === '' ? '—' : kind === 'quantity' ? qty(toScaled(l[key])) : price(toScaled(l[key]))),
  };
}

export const productColumn = (withCost = false): LineColumn => ({
  key: 'productId', label: tx.product, kind: 'custom', width: '26%', render: (c) => <ProductCell {...c} withCost={withCost} />,
});
export const uomColumn: LineColumn = { key: 'uomId', label: tx.unit, kind: 'custom', width: 130, render: (c) => <UomCell {...c} /> };
export const lotColumn: LineColumn = { key: 'lotId', label: tx.lot, kind: 'custom', width: 150, render: (c) => <LotCell {...c} /> };
export const availableColumn = (locationId: number | undefined): LineColumn => ({
  key: 'available', label: tx.available, kind: 'custom', width: 100, numeric: true,
  render: ({ line }) => <AvailableCell line={line} locationId={locationId} />,
});

/** Whether lot / expiry columns matter: tracking switched on in the settings, or a line already uses them. */
export function useTracking(lines: Line[], keys: string[]) {
  const s = useCurrentEntity(settingsDef);
  const used = lines.some((l) => keys.some((k) => l[k] !== null && l[k] !== undefined && l[k] !== ''));
  const row = s.data;
  if (used || s.isError) return { lots: true, expiry: true };
  if (!row) return { lots: false, expiry: false };
  return { lots: Boolean(row.enableBatchTracking || row.enableSerialTracking), expiry: Boolean(row.enableExpiryTracking) };
}
