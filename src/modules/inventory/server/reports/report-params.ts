import { type BaseReportParams, parseBaseParams, queryReader } from '../../../../core/documents/report-params';
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
