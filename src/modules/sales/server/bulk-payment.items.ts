import { sql } from 'drizzle-orm';
import type { Orm } from '../../../core/db/connect';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { salesOrder } from '../model/sales-order.entity';
import { openInvoicesOf } from './entries';

/**
 * What a customer's bulk payment can pay (bulk-payment.ts): their open sales orders (confirmed, invoiced, something
 * due) and their open customer invoices made outside sales (accounting's openInvoicesOf, less the invoices an order
 * issued: those are paid through their order, which keeps its paid and due in step). Oldest first: by date, an
 * order before an invoice of the same day, then id. With `lock`, the orders are locked FOR UPDATE in id order, then
 * the invoices (core/db/lock-order.ts: documents first; an order's pay locks the order, then its invoice).
 */
export interface OpenItem { kind: 'order' | 'invoice'; id: number; number: string; date: string; total: string; due: string }

export async function openItemsOf(ctx: Ctx, q: Tx | Orm, customerId: number, lock = false): Promise<OpenItem[]> {
  const t = tableOf(salesOrder);
  const orders = (await q.execute(sql`SELECT id, number, order_date::text AS date, total_amount::text AS total, due_amount::text AS due, invoice_id AS "invoiceId"
    FROM ${t} WHERE company_id = ${ctx.companyId} AND customer_id = ${customerId} AND status = 'confirmed' AND invoice_id IS NOT NULL AND due_amount > 0
    ORDER BY id ${lock ? sql`FOR UPDATE` : sql``}`)).rows as unknown as (Omit<OpenItem, 'kind'> & { invoiceId: number })[];
  const invoices = await openInvoicesOf(q, ctx.companyId, customerId, lock);
  const ids = invoices.map((i) => i.id);
  // invoices an order issued, whatever the order's state now (a cancelled or returned order's invoice is settled there)
  const owned = new Set(ids.length ? ((await q.execute(sql`SELECT invoice_id AS id FROM ${t}
    WHERE company_id = ${ctx.companyId} AND invoice_id = ANY(${`{${ids.join(',')}}`}::int[])`)).rows as { id: number }[]).map((r) => r.id) : []);
  const items: OpenItem[] = [
    ...orders.map(({ invoiceId: _, ...o }) => ({ kind: 'order' as const, ...o })),
    ...invoices.filter((i) => !owned.has(i.id)).map((i) => ({ kind: 'invoice' as const, id: i.id, number: i.number, date: i.date, total: i.total, due: i.due })),
  ];
  return items.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.kind !== b.kind ? (a.kind === 'order' ? -1 : 1) : a.id - b.id));
}
