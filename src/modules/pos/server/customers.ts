import { allRecords, getRecord, listRecords } from '../../../core/entity/crud.service';
import { exportRows } from '../../../core/entity/export';
import type { Row } from '../../../core/entity/hooks';
import { withPresetFilters } from '../../../core/entity/preset';
import type { Ctx } from '../../../core/http/context';
import { contact } from '../../contacts/model/contact.entity';
import { customers } from '../model/customer.preset';
import { receivableBalancesOf } from './entries';

/**
 * The customers list (model/customer.preset.ts): the generic contacts list with the customer filter forced, then
 * each row's balance from accounting's receivableBalancesOf: ONE grouped statement over the page's ids (the page is
 * one statement too), so a page costs two statements whatever the number of customers or of their postings.
 * The balance is what the customer owes (debit - credit on receivable accounts): a sale on credit raises it, a payment
 * lowers it, an advance makes it negative. It is computed for the rows shown, so the list cannot be sorted by it.
 */
async function withBalances(ctx: Ctx, rows: Row[]): Promise<Row[]> {
  const balances = await receivableBalancesOf(ctx.db.orm, ctx.companyId, rows.map((r) => r.id));
  for (const r of rows) r.balance = balances.get(r.id) ?? '0.0000';
  return rows;
}

export async function customerList(ctx: Ctx, query: Record<string, unknown>) {
  const page = await listRecords(ctx, contact, withPresetFilters(customers, query));
  await withBalances(ctx, page.items);
  return page;
}

/** The list as filtered, as an Excel file: the screen's columns, the balance among them. */
export async function customerExport(ctx: Ctx, query: Record<string, unknown>): Promise<Buffer> {
  const rows = await withBalances(ctx, await allRecords(ctx, contact, withPresetFilters(customers, query)));
  return exportRows(ctx, customers.def, rows, customers.def.list.columns);
}

/** One contact's balance (404 when it is not the company's). */
export async function customerBalance(ctx: Ctx, id: number): Promise<{ id: number; balance: string }> {
  const c = await getRecord(ctx, contact, id);
  return { id: c.id, balance: (await receivableBalancesOf(ctx.db.orm, ctx.companyId, [c.id])).get(c.id) ?? '0.0000' };
}
