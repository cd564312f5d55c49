import { sql } from 'drizzle-orm';
import type { Orm } from '../../../core/db/connect';
import type { Tx } from '../../../core/db/tx';
import { PAYABLE_STATES } from '../model/invoice-notes';

/** A customer invoice with something left to pay (a debit note included; credit notes never are). */
export interface OpenInvoice { id: number; number: string; date: string; dueDate: string | null; total: string; due: string }

/**
 * The open customer invoices of `partnerId` (SALE, posted and payable: PAYABLE_STATES, something due), oldest first
 * (date, id), in one statement. With `lock`, each row is locked FOR UPDATE in id order (core/db/lock-order.ts: the
 * documents' own rows, ascending), so what the caller reads as due stays due until it commits: a payment over them
 * (recordPayment locks the same row) then sees it. For other modules (sales' bulk payment), through index.ts.
 */
export async function openInvoicesOf(q: Tx | Orm, companyId: number, partnerId: number, lock = false): Promise<OpenInvoice[]> {
  const r = await q.execute(sql`SELECT * FROM (
      SELECT id, number, date::text AS date, due_date::text AS "dueDate", total_amount::text AS total, due_amount::text AS due
      FROM invoices
      WHERE company_id = ${companyId} AND partner_id = ${partnerId} AND type = 'SALE' AND NOT is_credit_note
        AND status = ANY(${`{${PAYABLE_STATES.join(',')}}`}::text[]) AND due_amount > 0
      ORDER BY id ${lock ? sql`FOR UPDATE` : sql``}) o
    ORDER BY date, id`);
  return r.rows as unknown as OpenInvoice[];
}
