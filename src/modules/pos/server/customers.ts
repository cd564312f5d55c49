import { type SQL, sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import { LIST_COUNT_CAP, allRecords, getRecord, listRecords, recordsByIds } from '../../../core/entity/crud.read';
import { exportRows } from '../../../core/entity/export';
import { type Row, hooksOf } from '../../../core/entity/hooks';
import { withPresetFilters } from '../../../core/entity/preset';
import type { Ctx } from '../../../core/http/context';
import { contact } from '../../contacts/model/contact.entity';
import { customers } from '../model/customer.preset';
import { parseListQuery, whereSql } from '../../../core/entity/list-query';
import { type BalanceRange, balanceRange, balanceRangeSql } from './customers.filter';
import { receivableBalancesOf, receivableBalancesSql } from './entries';

/**
 * The customers list (model/customer.preset.ts): the generic contacts list with the customer filter forced, then
 * each row's balance from accounting's receivableBalancesOf: ONE grouped statement over the page's ids (the page is
 * one statement too), so a page costs two statements whatever the number of customers or of their postings.
 * The balance is what the customer owes (debit - credit on receivable accounts): a sale on credit raises it, a payment
 * lowers it, an advance makes it negative.
 * Sorted by balance (`sort=balance` / `-balance`) or filtered by it (`filter[balance][gte]` / `[lte]`,
 * customers.filter.ts), the order and the filter are over EVERY customer the list's filters and search keep, not the
 * page's: one statement joins them to accounting's receivableBalancesSql (one grouped pass over the company's
 * receivable lines; a customer without lines is 0), keeps the balances in range, orders by balance then id (the
 * generic lists' tie-break) or by the list's own sort (ending with the id), pages with LIMIT/OFFSET and counts with a
 * window (capped as the generic list's count); then the page's rows are read by id and presented as the generic list
 * presents them. The balances shown are that statement's. The export of such a list is the same statement unpaged.
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

/** What the balance statement needs: the list's own query (sort by balance taken out), the order, the range. */
interface BalanceQuery { query: Record<string, unknown>; dir: 'ASC' | 'DESC' | null; range: BalanceRange | null }

/** The query with the preset's filters and the balance range taken out (a malformed bound is a 400 here). */
function balanceQuery(query: Record<string, unknown>): BalanceQuery {
  const { rest, range } = balanceRange(withPresetFilters(customers, query));
  const dir = byBalance(rest);
  return { query: dir ? { ...rest, sort: undefined } : rest, dir, range };
}

/**
 * The ids (and balances) of the customers the list keeps, in its order, from `offset`, at most `limit`, each row
 * with the count of all of them; and the count alone, for a page past the end.
 */
function balanceStatements(ctx: Ctx, q: BalanceQuery, p: ReturnType<typeof parseListQuery>) {
  const table = tableOf(contact);
  const balance = sql`coalesce(b.balance, 0)`;
  const from: SQL = sql`FROM ${table} c LEFT JOIN ${receivableBalancesSql(ctx.companyId)} b ON b.contact_id = c.id
    WHERE ${whereSql(table, p)}${balanceRangeSql(balance, q.range)}`;
  // the list's own order is over the contacts' columns, written bare (`"name" ASC, "id" ASC`): b's are contact_id, balance
  const order = q.dir ? sql`${balance} ${sql.raw(q.dir)}, c.id ASC` : sql.raw(p.bareOrder);
  return {
    rows: async (limit: number, offset: number) => (await ctx.db.orm.execute(sql`SELECT c.id, ${balance}::numeric(20, 4)::text AS balance, count(*) OVER () AS n
      ${from} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`)).rows as { id: number; balance: string; n: string | number }[],
    count: async () => Number(((await ctx.db.orm.execute(sql`SELECT count(*) AS n ${from}`)).rows[0] as { n: string }).n),
  };
}

async function withStatementBalances(ctx: Ctx, got: { id: number; balance: string }[]): Promise<Row[]> {
  const items = await recordsByIds(ctx, contact, got.map((x) => Number(x.id)));
  const balance = new Map(got.map((x) => [Number(x.id), x.balance]));
  for (const it of items) it.balance = balance.get(it.id as number) ?? '0.0000';
  return items;
}

async function balanceList(ctx: Ctx, q: BalanceQuery) {
  const table = tableOf(contact);
  const p = parseListQuery(contact, table, q.query, ctx.companyId, hooksOf(contact).rowScope?.(ctx));
  const st = balanceStatements(ctx, q, p);
  const got = await st.rows(p.pageSize, (p.page - 1) * p.pageSize);
  const n = got.length ? Number(got[0]!.n) : p.page > 1 ? await st.count() : 0;
  const items = await withStatementBalances(ctx, got);
  return { items, total: Math.min(n, LIST_COUNT_CAP), totalCapped: n > LIST_COUNT_CAP, page: p.page, pageSize: p.pageSize };
}

export async function customerList(ctx: Ctx, query: Record<string, unknown>) {
  const q = balanceQuery(query);
  if (q.dir || q.range) return balanceList(ctx, q);
  const page = await listRecords(ctx, contact, q.query);
  await withBalances(ctx, page.items);
  return page;
}

const EXPORT_LIMIT = 100_000;

/**
 * The list as filtered, as an Excel file: the screen's columns, the balance among them. Sorted or filtered by
 * balance: the list's statement unpaged (the same rows, order and balances), read by id 1,000 at a time.
 */
export async function customerExport(ctx: Ctx, query: Record<string, unknown>): Promise<Buffer> {
  const q = balanceQuery(query);
  let rows: Row[];
  if (q.dir || q.range) {
    const p = parseListQuery(contact, tableOf(contact), { ...q.query, page: '1', pageSize: '1' }, ctx.companyId, hooksOf(contact).rowScope?.(ctx));
    const got = await balanceStatements(ctx, q, p).rows(EXPORT_LIMIT, 0);
    rows = [];
    for (let i = 0; i < got.length; i += 1000) rows.push(...(await withStatementBalances(ctx, got.slice(i, i + 1000))));
  } else {
    rows = await withBalances(ctx, await allRecords(ctx, contact, q.query, EXPORT_LIMIT));
  }
  return exportRows(ctx, customers.def, rows, customers.def.list.columns);
}

/** One contact's balance (404 when it is not the company's). */
export async function customerBalance(ctx: Ctx, id: number): Promise<{ id: number; balance: string }> {
  const c = await getRecord(ctx, contact, id);
  return { id: c.id, balance: (await receivableBalancesOf(ctx.db.orm, ctx.companyId, [c.id])).get(c.id) ?? '0.0000' };
}
