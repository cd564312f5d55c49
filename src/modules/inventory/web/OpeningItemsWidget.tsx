import { type Line, type LineColumn, LinesEditor } from '../../../web/entity/LinesEditor';
import type { WidgetProps } from '../../../web/moduleWeb';
import { ItemsTotal } from './ItemsTotal';
import { decimalColumn, productColumn, uomColumn, useTracking } from './itemColumns';
import { lineValue, money, total } from './lineMath';
import { tx } from './texts';

/** Beginning balance items: product, unit, quantity, unit cost (per that unit), lot and expiry when tracked, value. */
const value = (l: Line) => lineValue(l.quantity, l.unitCost);
const emptyLine = (): Line => ({ productId: null, uomId: null, quantity: '', unitCost: '', lotName: '', expiryDate: null });

export default function OpeningItemsWidget({ label, value: v, onChange, error, disabled, view }: WidgetProps) {
  const lines: Line[] = Array.isArray(v) ? (v as Line[]) : [];
  const tracking = useTracking(lines, ['lotName', 'expiryDate']);
  const columns: LineColumn[] = [
    productColumn(true),
    uomColumn,
    decimalColumn('quantity', tx.quantity, view, 'quantity', 100),
    decimalColumn('unitCost', tx.unitCost, view, 'cost'),
    ...(tracking.lots ? [{ key: 'lotName', label: tx.lotName, kind: 'text', width: 130 } as LineColumn] : []),
    ...(tracking.expiry ? [{ key: 'expiryDate', label: tx.expiryDate, kind: 'date', width: 150 } as LineColumn] : []),
    { key: 'value', label: tx.value, kind: 'computed', width: 110, compute: (l) => money(value(l)) },
  ];
  return (
    <LinesEditor label={label} columns={columns} value={v} onChange={onChange} emptyLine={emptyLine} error={error} disabled={disabled} view={view}
      footer={(ls) => <ItemsTotal label={tx.total} value={money(total(ls, value))} />} />
  );
}
