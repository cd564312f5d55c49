import { sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { normalizeSearch } from '../../../core/text/arabic-normalize';
import { contact } from '../../contacts/model/contact.entity';
import { salesOrder } from '../model/sales-order.entity';

/**
 * The till orders a cashier may mean by what they typed at the return screen (the POS's /pos/return): orders with a
 * POS session, confirmed or completed, whose number CONTAINS the term, or whose customer's name, Arabic name,
 * organization, phone or e-mail does (the contact's search text, folded as the platform's search folds: hamza and
 * alef forms, ta marbuta, tashkeel, Arabic-Indic digits, case), or dated on the day the term names (2026-03-07,
 * 7/3/2026 or 07-03-2026, in either digits). Newest first, at most `limit` (one more is read to say there are more).
 * Three index paths (the orders' and the contacts' trigram search text, the orders' date) joined by UNION: no scan.
 */
export interface TillOrderMatch { id: number; number: string; orderDate: string; customer: string; phone: string | null; totalAmount: string; status: string }

const ASCII = (s: string) => s.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x6f0));

/** The day a term names (ISO, or day/month/year with / - or .), or null. */
export function termDate(term: string): string | null {
  const t = ASCII(term.trim());
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (!y) return null;
  const date = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  const back = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(back.getTime()) || back.toISOString().slice(0, 10) !== date || date < '1900-01-01' || date > '2999-12-31' ? null : date;
}

export async function findTillOrders(ctx: Ctx, tx: Tx, term: string, limit = 20): Promise<{ items: TillOrderMatch[]; more: boolean }> {
  const c = ctx.companyId;
  const folded = normalizeSearch(term.trim());
  if (!folded) return { items: [], more: false };
  const like = `%${folded.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;
  const o = tableOf(salesOrder);
  const k = tableOf(contact);
  const day = termDate(term);
  const name = ctx.locale === 'ar' ? sql`coalesce(nullif(k.name_ar, ''), k.name)` : sql`k.name`;
  const r = await tx.execute(sql`WITH hit AS (
      SELECT id FROM ${o} WHERE company_id = ${c} AND search_text LIKE ${like}
      UNION SELECT id FROM ${o} WHERE company_id = ${c} AND customer_id IN (SELECT id FROM ${k} WHERE company_id = ${c} AND search_text LIKE ${like})
      ${day ? sql`UNION SELECT id FROM ${o} WHERE company_id = ${c} AND order_date = ${day}` : sql``})
    SELECT s.id, s.number, s.order_date::text AS "orderDate", ${name} AS customer, k.phone, s.total_amount::text AS "totalAmount", s.status
    FROM ${o} s JOIN hit ON hit.id = s.id JOIN ${k} k ON k.id = s.customer_id
    WHERE s.company_id = ${c} AND s.session_id IS NOT NULL AND s.status IN ('confirmed', 'completed')
    ORDER BY s.order_date DESC, s.id DESC LIMIT ${limit + 1}`);
  const rows = r.rows as unknown as TillOrderMatch[];
  return { items: rows.slice(0, limit).map((x) => ({ ...x, id: Number(x.id) })), more: rows.length > limit };
}
