import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/connect';
import { requireCtx, requirePermission } from '../../../core/http/guard';
import { notFound } from '../../../core/http/errors';
import { readFromReplica } from '../../../core/http/replica-read';
import { routeDoc } from '../../../core/http/route-doc';
import { customerBalance, customerExport, customerList } from './customers';

/**
 * The customers screen's API (customers.ts): the contacts list's query parameters (search, sort, filters, paging)
 * with the customer filter forced, each row's balance, sorted and filtered by balance (customers.filter.ts); its
 * Excel export; one customer's balance. The contact's view right; reads from the replica when there is one, as the
 * generic lists do.
 */
const VIEW = 'contacts.contact.view';
const listDoc = { query: {
  search: 'text', sort: 'a sortable contact field, or balance / -balance', page: 'n', pageSize: '1-200', 'filter[<field>]': 'a contact filter',
  'filter[balance][gte]': 'Balance from: the customers owing at least this (a decimal, at most 4 decimals)', 'filter[balance][lte]': 'Balance to: at most this',
} };

export function registerCustomerRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/pos/customers', routeDoc('Customers: the contacts with the customer role, each with its balance (what it owes on receivable accounts)', {
    ...listDoc, responses: { 200: '{ items[contact & { balance }], total, totalCapped, page, pageSize }', 400: 'Bad sort or filter, a balance bound not a decimal, with more than 4 decimals, too large, or from > to (message in the caller\'s language)' },
  }), async (req, reply) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, VIEW);
    return (await readFromReplica(reply, ctx, (rc) => customerList(rc, req.query as Record<string, unknown>))).value;
  });

  app.get('/api/pos/customers/export.xlsx', routeDoc('Customers as an Excel file (as filtered), with their balances', listDoc), async (req, reply) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, VIEW);
    const { value } = await readFromReplica(reply, ctx, (rc) => customerExport(rc, req.query as Record<string, unknown>), { snapshot: true });
    return reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="customers.xlsx"').send(value);
  });

  app.get('/api/pos/customers/:id/balance', routeDoc('One customer\'s balance', { responses: { 200: '{ id, balance }', 404: 'Not a contact of the company' } }), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, VIEW);
    const raw = (req.params as { id?: string }).id ?? '';
    if (!/^[1-9]\d{0,9}$/.test(raw)) throw notFound('notFound');
    return customerBalance(ctx, Number(raw));
  });
}
