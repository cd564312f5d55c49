import { type Line, type LineColumn, LinesEditor } from '../../../web/entity/LinesEditor';
import type { WidgetProps } from '../../../web/moduleWeb';
import { st } from './texts';

/** Items of a price list: a product or a category, a minimum quantity, a fixed price or a discount %. */
const columns: LineColumn[] = [
  { key: 'productId', label: st.product, kind: 'ref', target: 'product' },
  { key: 'categoryId', label: st.category, kind: 'ref', target: 'productCategory' },
  { key: 'minQuantity', label: st.minQuantity, kind: 'decimal', width: 120 },
  { key: 'fixedPrice', label: st.fixedPrice, kind: 'decimal', width: 120 },
  { key: 'discountPercent', label: st.discountPercent, kind: 'decimal', width: 110 },
];
const emptyLine = (): Line => ({ productId: null, categoryId: null, minQuantity: '0', fixedPrice: null, discountPercent: null });

export default function PriceListItemsWidget({ label, value, onChange, error, disabled, view }: WidgetProps) {
  return <LinesEditor label={label} columns={columns} value={value} onChange={onChange} emptyLine={emptyLine} error={error} disabled={disabled} view={view} />;
}
