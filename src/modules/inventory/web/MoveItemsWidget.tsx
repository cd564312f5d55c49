import { toScaled } from '../../../web/entity/decimalMath';
import { type Line, type LineColumn, LinesEditor } from '../../../web/entity/LinesEditor';
import type { WidgetProps } from '../../../web/moduleWeb';
import { ItemsTotal } from './ItemsTotal';
import { availableColumn, decimalColumn, idOf, lotColumn, productColumn, uomColumn, useTracking } from './itemColumns';
import { money, total } from './lineMath';
import { tx } from './texts';

/**
 * Items of deliveries, transfers and scraps: product, unit, lot when tracked, quantity, and while editing the
 * quantity available at the document's source location (red when short: "Quantity Not Available"). Costs are the
 * stock's, taken when the document is validated, so the detail page shows unit cost and value per line; a transfer
 * moves no value and shows none.
 */
const SOURCE_FIELD: Record<string, string> = { delivery: 'locationId', transfer: 'fromLocationId', scrap: 'sourceLocationId' };
const emptyLine = (): Line => ({ productId: null, uomId: null, lotId: null, quantity: '1' });
const lineValue = (l: Line) => toScaled(l.value);

export default function MoveItemsWidget({ def, label, value: v, onChange, error, disabled, view, values }: WidgetProps) {
  const lines: Line[] = Array.isArray(v) ? (v as Line[]) : [];
  const tracking = useTracking(lines, ['lotId']);
  const valued = def.name !== 'transfer';
  const costed = valued && lines.some((l) => l.value !== undefined && l.value !== null);
  const source = idOf(values?.[SOURCE_FIELD[def.name] ?? 'locationId']);
  const columns: LineColumn[] = [
    productColumn(false),
    uomColumn,
    ...(tracking.lots ? [lotColumn] : []),
    decimalColumn('quantity', tx.quantity, view, 'quantity'),
    ...(!view ? [availableColumn(source)] : []),
    ...(view && costed
      ? ([
          decimalColumn('unitCost', tx.unitCost, true, 'cost'),
          { key: 'value', label: tx.value, kind: 'computed', width: 110, compute: (l: Line) => (l.value == null ? '—' : money(lineValue(l))) },
        ] as LineColumn[])
      : []),
  ];
  return (
    <LinesEditor label={label} columns={columns} value={v} onChange={onChange} emptyLine={emptyLine} error={error} disabled={disabled} view={view}
      footer={(ls) => (!valued ? null : costed ? <ItemsTotal label={tx.totalValue} value={money(total(ls, lineValue))} /> : <ItemsTotal label={tx.totalValue} value="—" hint={tx.valueAtCost} />)} />
  );
}
