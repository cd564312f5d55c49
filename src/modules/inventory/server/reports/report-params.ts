import { type BaseReportParams, parseBaseParams, queryReader } from '../../../../core/documents/report-params';
import type { ReportFilter } from '../../../../core/http/report-heading';
import { MOVE_TYPES } from '../../model/enums';
import { rm } from './reports.messages';

/**
 * Inventory report parameters: the shared ones (date range, period, paging, format) plus the stock filters.
 * groupBy: stock balance rows per location (default), per warehouse, or per product. days: slow-moving window.
 */
export type GroupBy = 'location' | 'warehouse' | 'product';
export interface InventoryReportParams extends BaseReportParams {
  warehouseId: number | null; locationId: number | null; categoryId: number | null; productId: number | null;
  moveType: string | null; groupBy: GroupBy; days: number;
}

export function parseInventoryParams(q: Record<string, unknown>, today: string): InventoryReportParams {
  const r = queryReader(q, rm.badParam);
  return {
    ...parseBaseParams(r, today),
    warehouseId: r.id('warehouseId'), locationId: r.id('locationId'), categoryId: r.id('categoryId'), productId: r.id('productId'),
    moveType: r.oneOf('moveType', MOVE_TYPES.map((m) => m.value)),
    groupBy: r.oneOf('groupBy', ['location', 'warehouse', 'product'] as const) ?? 'location',
    days: r.int('days', 90, 3650),
  };
}

/** The stock filters every inventory report applies (stock-totals.ts locationScope and productScope). */
export const STOCK_FILTERS = ['warehouseId', 'locationId', 'categoryId', 'productId'] as const;

/** What a PDF names under its title: the warehouse, location, category and product chosen, the move type, the days. */
export function inventoryFilters(p: InventoryReportParams): ReportFilter[] {
  const move = MOVE_TYPES.find((m) => m.value === p.moveType);
  return [
    { param: 'warehouseId', label: { en: 'Warehouse', ar: 'المستودع' }, entity: 'warehouse', id: p.warehouseId },
    { param: 'locationId', label: { en: 'Location', ar: 'الموقع' }, entity: 'location', id: p.locationId },
    { param: 'categoryId', label: { en: 'Category', ar: 'الفئة' }, entity: 'productCategory', id: p.categoryId },
    { param: 'productId', label: { en: 'Product', ar: 'المنتج' }, entity: 'product', id: p.productId },
    { param: 'moveType', label: { en: 'Move type', ar: 'نوع الحركة' }, value: move?.label ?? null },
    { param: 'days', label: { en: 'Days without an outgoing move', ar: 'أيام بلا حركة صادرة' }, value: p.days, kind: 'int' },
  ];
}
