import type { ReportConfig, ReportFilter } from '../../../../web/reports/types';
import { srt } from './reportTexts';

/** Filters of each sales report screen: what GET /api/sales/reports/<name> accepts for it. */
export interface SalesReportConfig extends ReportConfig { chart?: boolean }

const customer = { param: 'customerId', label: srt.customer, ref: 'contact', refFilters: { isCustomer: 'true' } } satisfies ReportFilter;
const vendor: ReportFilter = { param: 'customerId', label: srt.vendor, ref: 'contact' };
const product: ReportFilter = { param: 'productId', label: srt.product, ref: 'product' };
const category: ReportFilter = { param: 'categoryId', label: srt.category, ref: 'productCategory' };
const salesperson: ReportFilter = { param: 'salespersonId', label: srt.salesperson, ref: 'salesperson' };
const top: ReportFilter = { param: 'top', label: srt.top, number: { min: 1, max: 1000 } };
const min: ReportFilter = { param: 'minAmount', label: srt.minAmount, number: { min: 0, max: 999_999_999_999 } };
const max: ReportFilter = { param: 'maxAmount', label: srt.maxAmount, number: { min: 0, max: 999_999_999_999 } };
const reason: ReportFilter = { param: 'reasonId', label: srt.reason, ref: 'salesReason' };
const groupBy: ReportFilter = { param: 'groupBy', label: srt.groupBy, placeholder: srt.byProduct, options: [
  { value: 'product', label: srt.byProduct }, { value: 'customer', label: srt.byCustomer }, { value: 'category', label: srt.byCategory },
  { value: 'reason', label: srt.byReason }, { value: 'period', label: srt.byPeriod },
] };
const period = ['from', 'to', 'period'] as const;
const all: ReportFilter[] = [...period, customer, product, category, salesperson, top, min, max];
const combined = 'product-sales,customer-sales';

export const SALES_REPORTS: Record<string, SalesReportConfig> = {
  'product-sales': { name: 'product-sales', paged: true, combined, chart: true, filters: all },
  'customer-sales': { name: 'customer-sales', paged: true, combined, chart: true, filters: all },
  // the statement needs its customer: the choice stays beside the dates
  'customer-statement': { name: 'customer-statement', paged: true, filters: ['from', 'to', { ...customer, main: true }] },
  'sales-analysis': { name: 'sales-analysis', paged: true, chart: true, filters: all },
  'purchase-analysis': { name: 'purchase-analysis', paged: true, chart: true, filters: [...period, vendor, top, min, max] },
  'expense-analysis': { name: 'expense-analysis', paged: true, chart: true, filters: [...period, vendor, top, min, max] },
  'sales-order': { name: 'sales-order', paged: true, filters: ['from', 'to', customer, product, category, salesperson, top, min, max] },
  'sales-summary': { name: 'sales-summary', paged: true, chart: true, filters: [...period, customer, product, category, salesperson, top, min, max] },
  salesperson: { name: 'salesperson', paged: true, chart: true, filters: [...period, salesperson, customer, product, category, top, min, max] },
  'sales-return': { name: 'sales-return', paged: true, chart: true, filters: [...period, groupBy, customer, product, category, reason, salesperson, top, min, max] },
};
