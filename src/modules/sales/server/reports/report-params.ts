import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Orm } from '../../../../core/db/connect';
import { type BaseReportParams, parseBaseParams, queryReader } from '../../../../core/documents/report-params';
import type { Ctx } from '../../../../core/http/context';
import type { ReportFilter } from '../../../../core/http/report-heading';
import { AppError } from '../../../../core/http/errors';
import { fill } from '../../../../core/i18n/locale';
import { productRefsExistSql } from '../../../inventory';
import { PARAM_LABELS, srm } from './reports.messages';

/**
 * Sales report parameters: the shared ones (from, to, period, paging, format; 400 on anything malformed) plus
 * customer, product, category (and its sub-categories), salesperson, Top N (rows by amount, at most 1000) and a min
 * and max amount (on each row's amount; min > max is a 400); for the sales return report a return reason and
 * `groupBy` (product, customer, category, reason, period). `checkRefs` (the routes' `defaults`) refuses with 422 a
 * customer, product, category, salesperson or reason that is not the company's, in the caller's language.
 */
export interface SalesReportParams extends BaseReportParams {
  customerId: number | null; productId: number | null; categoryId: number | null; salespersonId: number | null;
  top: number | null; minAmount: string | null; maxAmount: string | null;
  /** The sales return report's: rows per product (default), customer, category, reason or period; and a return reason. */
  groupBy: ReturnGroupBy | null; reasonId: number | null;
}
export const RETURN_GROUPS = ['product', 'customer', 'category', 'reason', 'period'] as const;
export type ReturnGroupBy = (typeof RETURN_GROUPS)[number];

const AMOUNT = /^\d{1,12}(\.\d{1,4})?$/;

export function parseSalesParams(q: Record<string, unknown>, today: string): SalesReportParams {
  const r = queryReader(q, srm.badParam, PARAM_LABELS);
  const amount = (k: string) => {
    const v = r.str(k);
    if (v === undefined) return null;
    if (!AMOUNT.test(v)) throw r.bad(k);
    return v;
  };
  const base = parseBaseParams(r, today);
  const minAmount = amount('minAmount');
  const maxAmount = amount('maxAmount');
  if (minAmount && maxAmount && new Decimal(minAmount).gt(maxAmount)) throw r.bad('minAmount', srm.minAboveMax);
  const top = r.str('top') === undefined ? null : r.int('top', 10, 1000);
  return {
    ...base, customerId: r.id('customerId'), productId: r.id('productId'), categoryId: r.id('categoryId'), salespersonId: r.id('salespersonId'),
    top, minAmount, maxAmount, groupBy: r.oneOf('groupBy', RETURN_GROUPS), reasonId: r.id('reasonId'),
  };
}

/** The reports that read `customerId` as the vendor whose bills they analyse. */
const VENDOR_REPORTS = new Set(['purchase-analysis', 'expense-analysis']);

/** What a PDF names under its title: each filter chosen (the record's name, the Top N, the amounts). */
export function salesFilters(p: SalesReportParams, report: string): ReportFilter[] {
  return [
    { param: 'customerId', label: VENDOR_REPORTS.has(report) ? srm.vendor : PARAM_LABELS.customerId!, entity: 'contact', id: p.customerId },
    { param: 'productId', label: PARAM_LABELS.productId!, entity: 'product', id: p.productId },
    { param: 'categoryId', label: PARAM_LABELS.categoryId!, entity: 'productCategory', id: p.categoryId },
    { param: 'salespersonId', label: PARAM_LABELS.salespersonId!, entity: 'salesperson', id: p.salespersonId },
    { param: 'reasonId', label: PARAM_LABELS.reasonId!, entity: 'salesReason', id: p.reasonId },
    { param: 'top', label: PARAM_LABELS.top!, value: p.top, kind: 'int' },
    { param: 'minAmount', label: PARAM_LABELS.minAmount!, value: p.minAmount, kind: 'money' },
    { param: 'maxAmount', label: PARAM_LABELS.maxAmount!, value: p.maxAmount, kind: 'money' },
  ];
}

/** What the reports over order lines or orders filter by (linesWhere, ordersWhere), and the grouped reports' limits (grouped.ts). */
export const LINE_FILTERS = ['customerId', 'salespersonId', 'productId', 'categoryId'] as const;
export const GROUP_LIMITS = ['top', 'minAmount', 'maxAmount'] as const;

function notFound(param: string): AppError {
  const name = PARAM_LABELS[param]!;
  const label = { en: fill(srm.notFound.en, { param: name.en }), ar: fill(srm.notFound.ar, { param: name.ar }) };
  return new AppError(422, 'not_found', label, { [param]: label }, { param });
}

/** 422 for a filter naming a record the company does not have. */
export async function checkRefs(db: Orm, ctx: Ctx, _report: string, p: SalesReportParams): Promise<SalesReportParams> {
  const c = ctx.companyId;
  if (!p.customerId && !p.productId && !p.categoryId && !p.salespersonId && !p.reasonId) return p;
  const [own] = (await db.execute(sql`SELECT
      (${p.customerId}::int IS NULL OR EXISTS (SELECT 1 FROM contacts WHERE company_id = ${c} AND id = ${p.customerId}::int)) AS customer,
      (${p.salespersonId}::int IS NULL OR EXISTS (SELECT 1 FROM salespersons WHERE company_id = ${c} AND id = ${p.salespersonId}::int)) AS salesperson,
      (${p.reasonId}::int IS NULL OR EXISTS (SELECT 1 FROM sales_reasons WHERE company_id = ${c} AND id = ${p.reasonId}::int)) AS reason,
      r.product, r.category FROM (${productRefsExistSql(c, p.productId, p.categoryId)}) r`)).rows as { customer: boolean; salesperson: boolean; reason: boolean; product: boolean; category: boolean }[];
  if (!own?.customer) throw notFound('customerId');
  if (!own.salesperson) throw notFound('salespersonId');
  if (!own.product) throw notFound('productId');
  if (!own.category) throw notFound('categoryId');
  if (!own.reason) throw notFound('reasonId');
  return p;
}
