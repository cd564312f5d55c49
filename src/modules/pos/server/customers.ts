import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import { LIST_COUNT_CAP, allRecords, getRecord, listRecords, recordsByIds } from '../../../core/entity/crud.read';
import { exportRows } from '../../../core/entity/export';
import type { Row } from '../../../core/entity/hooks';
import { withPresetFilters } from '../../../core/entity/preset';
import type { Ctx } from '../../../core/http/context';
import { contact } from '../../contacts/model/contact.entity';
import { customers } from '../model/customer.preset';
import { parseListQuery, whereSql } from '../../../core/entity/list-query';
import { receivableBalancesOf, receivableBalancesSql } from './entries';

/**
 * The customers list (model/customer.preset.ts): the generic contacts list with the customer filter forced, then
 * each row's balance from accounting's receivableBalancesOf: ONE grouped statement over the page's ids (the page is
 * one statement too), so a page costs two statements whatever the number of customers or of their postings.
 * The balance is what the customer owes (debit - credit on receivable accounts): a sale on credit raises it, a payment
 * lowers it, an advance makes it negative.
 * Sorted by balance (`sort=balance` / `-balance`), the order is over EVERY customer the list's filters and search keep,
 * not the page's: one statement joins them to accounting's receivableBalancesSql (one grouped pass over the company's
 * receivable lines; a customer without lines is 0), orders by balance then id (the generic lists' tie-break), pages
 * with LIMIT/OFFSET and counts with a window (capped as the generic list's count); then the page's rows are read by id
 * and presented as the generic list presents them. The balances shown are that statement's.
 */
async function withBalances(ctx: Ctx, rows: Row[]): Promise<Row[]> {
  const balances = await receivableBalancesOf(ctx.db.orm, ctx.companyId, rows.map((r) => r.id));
  for (const r of rows) r.balance = balances.get(r.id) ?? '0.0000';
  return rows;
}

const byBalance = (query: Record<string, unknown>) => {
  const s = Array.isArray(query.sort) ? String(query.sort[0]) : query.sort;
  return s === 'balance' ? 'ASC' : s === '-balance' ? 'DESC' : null;
};

async function balanceSortedList(ctx: Ctx, query: Record<string, unknown>, dir: 'ASC' | 'DESC') {
  const table = tableOf(contact);
  const p = parseListQuery(contact, table, { ...query, sort: undefined }, ctx.companyId);
  const where = whereSql(table, p);
  const r = await ctx.db.orm.execute(sql`SELECT c.id, coalesce(b.balance, 0)::numeric(20, 4)::text AS balance, count(*) OVER () AS n
    FROM ${table} c LEFT JOIN ${receivableBalancesSql(ctx.companyId)} b ON b.contact_id = c.id
    WHERE ${where} ORDER BY coalesce(b.balance, 0) ${sql.raw(dir)}, c.id ASC LIMIT ${p.pageSize} OFFSET ${(p.page - 1) * p.pageSize}`);
  const got = r.rows as { id: number; balance: string; n: string | number }[];
  let n = Number(got[0]?.n ?? 0);
  if (!got.length && p.page > 1) n = Number(((await ctx.db.orm.execute(sql`SELECT count(*) AS n FROM ${table} WHERE ${where}`)).rows[0] as { n: string }).n);
  const items = await recordsByIds(ctx, contact, got.map((x) => Number(x.id)));
  const balance = new Map(got.map((x) => [Number(x.id), x.balance]));
  for (const it of items) it.balance = balance.get(it.id as number) ?? '0.0000';
  return { items, total: Math.min(n, LIST_COUNT_CAP), totalCapped: n > LIST_COUNT_CAP, page: p.page, pageSize: p.pageSize };
}

export async function customerList(ctx: Ctx, query: Record<string, unknown>) {
  const dir = byBalance(query);
  if (dir) return balanceSortedList(ctx, withPresetFilters(customers, query), dir);
  const page = await listRecords(ctx, contact, withPresetFilters(customers, query));
  await withBalances(ctx, page.items);
  return page;
}

/** The list as filtered, as an Excel file: the screen's columns, the balance among them. */
export async function customerExport(ctx: Ctx, query: Record<string, unknown>): Promise<Buffer> {
  const dir = byBalance(query);
  const rows = await withBalances(ctx, await allRecords(ctx, contact, withPresetFilters(customers, dir ? { ...query, sort: undefined } : query)));
  // sorted by balance: every row is here already, ordered as the list orders them (balance, then id)
  if (dir) rows.sort((a, b) => (dir === 'ASC' ? 1 : -1) * new Decimal(String(a.balance)).cmp(String(b.balance)) || (a.id as number) - (b.id as number));
  return exportRows(ctx, customers.def, rows, customers.def.list.columns);
}

/** One contact's balance (404 when it is not the company's). */
export async function customerBalance(ctx: Ctx, id: number): Promise<{ id: number; balance: string }> {
  const c = await getRecord(ctx, contact, id);
  return { id: c.id, balance: (await receivableBalancesOf(ctx.db.orm, ctx.companyId, [c.id])).get(c.id) ?? '0.0000' };
}
