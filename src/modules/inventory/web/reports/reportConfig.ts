import { MOVE_TYPES } from '../../model/enums';
import type { ReportConfig, ReportFilter } from '../../../../web/reports/types';
import { rt } from './reportTexts';

/** Filters of each inventory report screen: what GET /api/inventory/reports/<name> accepts for it. */
const warehouse: ReportFilter = { param: 'warehouseId', label: rt.warehouse, ref: 'warehouse' };
const location: ReportFilter = { param: 'locationId', label: rt.location, ref: 'location', refFilters: { kind: 'internal' } };
const category: ReportFilter = { param: 'categoryId', label: rt.category, ref: 'productCategory' };
const product: ReportFilter = { param: 'productId', label: rt.product, ref: 'product' };
const stock = [warehouse, location, category, product];

export const INVENTORY_REPORTS: Record<string, ReportConfig> = {
  'stock-balance': {
    name: 'stock-balance', paged: true, combined: 'stock-balance,stock-movement',
    filters: ['to', ...stock, { param: 'groupBy', label: rt.groupBy, options: [
      { value: 'location', label: rt.byLocation }, { value: 'warehouse', label: rt.byWarehouse }, { value: 'product', label: rt.byProduct },
    ], placeholder: rt.byLocation }],
  },
  'stock-movement': {
    name: 'stock-movement', paged: true, combined: 'stock-balance,stock-movement',
    filters: ['from', 'to', 'period', ...stock, { param: 'moveType', label: rt.moveType, options: MOVE_TYPES }],
  },
  'reorder-level': { name: 'reorder-level', paged: true, filters: [warehouse, location, category, product] },
  'slow-moving-items': {
    name: 'slow-moving-items', paged: true,
    filters: ['to', ...stock, { param: 'days', label: rt.days, number: { min: 1, max: 3650, placeholder: '90' } }],
  },
};
