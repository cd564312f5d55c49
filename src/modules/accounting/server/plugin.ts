import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../core/db/connect';
import { tableOf } from '../../../core/db/entity-table';
import { withTx } from '../../../core/db/tx';
import { getRecord } from '../../../core/entity/crud.read';
import { AppError, fieldProblem } from '../../../core/http/errors';
import { requireCtx, requirePermission } from '../../../core/http/guard';
import { readFromReplica } from '../../../core/http/replica-read';
import { routeDoc } from '../../../core/http/route-doc';
import { z } from 'zod';
import { accountingSettings } from '../model/accounting-settings.entity';
import { beginningBalance } from '../model/beginning-balance.entity';
import { invoice } from '../model/invoice.entity';
import { invoiceDocumentHtml, invoiceDocumentPdf, layoutOf } from './tax-invoice/print';
import './account.hooks';
import './company-country.hooks';
import './checklist';
import './beginning-balance.hooks';
import './default-chart';
import './demo';
import './invoice.hooks';
import './journal-entry.hooks';
import './settings.hooks';
import './tax.hooks';
import './tax-invoice/party.hooks';
import { markOverdue } from './invoice.service';
import { companyToday } from '../../../core/time/company-time';
import './overdue.job';
import { rebuildBalances } from './ledger.balances';
import { verifyLedger } from './ledger.verify';
import { am } from './messages';
import { registerReportRoutes } from './reports/reports.routes';
import './zatca/queue';
import { zatcaRoutes } from './zatca/routes';

/** The accounting module's server side: hooks, the default chart, ledger maintenance and report routes. */
export function accountingServer(app: FastifyInstance, db: Database): void {
  // The spec's message for an unknown beginning balance id, on every /beginning-balances/:id route.
  app.addHook('preHandler', async (req) => {
    const url = req.routeOptions.url ?? '';
    if (!url.startsWith('/api/accounting/beginning-balances/:id')) return;
    const raw = (req.params as { id?: string }).id ?? '';
    const ctx = await requireCtx(db, req);
    const t = tableOf(beginningBalance);
    const ok = /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2147483647 &&
      (await db.orm.select({ id: t.id }).from(t).where(and(eq(t.id, Number(raw)), eq(t.companyId, ctx.companyId)))).length > 0;
    if (!ok) throw new AppError(404, 'not_found', am.invalidBalanceId);
  });

  app.get('/api/accounting/journal-entries/summary', routeDoc('Entry counts and totals by status and journal'), async (req, reply) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'accounting.journalEntry.view');
    const { value: r } = await readFromReplica(reply, ctx, (rc) => rc.db.orm.execute(sql`
      SELECT e.status, e.journal_id AS "journalId", j.name_en AS "journalNameEn", j.name_ar AS "journalNameAr",
        count(*)::int AS count, coalesce(sum(e.total_debit), 0)::text AS "totalDebit", coalesce(sum(e.total_credit), 0)::text AS "totalCredit"
      FROM journal_entries e JOIN journals j ON j.id = e.journal_id
      WHERE e.company_id = ${ctx.companyId} GROUP BY e.status, e.journal_id, j.name_en, j.name_ar ORDER BY e.journal_id, e.status`));
    return { items: r.rows };
  });

  app.get('/api/accounting/ledger/verify', routeDoc('Verify ledger integrity (hash chains, balance): { ok, checked, problems }'), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'accounting.journalEntry.verify');
    return verifyLedger(db.orm, ctx.companyId);
  });

  app.post('/api/accounting/ledger/rebuild-balances', routeDoc('Recompute account balances from the posted lines: { rows }'), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'accounting.journalEntry.rebuildBalances');
    const rows = await withTx(db, async (tx) => {
      await tx.execute(sql`LOCK TABLE account_balances, account_day_balances IN SHARE ROW EXCLUSIVE MODE`);
      return rebuildBalances(tx, ctx.companyId);
    });
    return { rows };
  });

  app.post('/api/accounting/invoices/mark-overdue', routeDoc('Mark unpaid posted invoices past their due date OVERDUE: { updated }', { body: z.object({ today: z.string().optional() }) }), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'accounting.invoice.change');
    const raw = (req.body as { today?: unknown } | null)?.today;
    const today = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : companyToday(ctx);
    return { updated: await markOverdue(ctx, today) };
  });

  /**
   * Print (HTML) and PDF of an invoice: ?lang=en|ar|both, ?layout=a4|receipt (tax-invoice/print.ts: a tax invoice
   * or simplified tax invoice where the company's country pack has the regime, else the plain invoice).
   */
  const invoiceDoc = async (req: FastifyRequest) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'accounting.invoice.print');
    const raw = (req.params as { id?: string }).id ?? '';
    if (!/^[1-9]\d{0,9}$/.test(raw)) throw new AppError(404, 'not_found', { en: 'Not found', ar: 'غير موجود' });
    const query = req.query as { lang?: string; layout?: string };
    if (layoutOf(query.layout) === null) throw fieldProblem(400, 'layout', { en: 'Layout', ar: 'التخطيط' }, am.badLayout);
    const inv = await getRecord(ctx, invoice, Number(raw));
    return { ctx, inv, ask: { lang: query.lang ?? null, layout: query.layout ?? null } };
  };
  const printDoc = { query: { lang: 'en|ar|both', layout: 'a4|receipt' } };
  app.get('/api/accounting/invoices/:id/print', routeDoc('Printable invoice (HTML): a tax invoice where the country has one', printDoc), async (req, reply) => {
    const { ctx, inv, ask } = await invoiceDoc(req);
    const { html } = await invoiceDocumentHtml(ctx, inv, ask);
    return reply.header('content-type', 'text/html; charset=utf-8').header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:").send(html);
  });
  app.get('/api/accounting/invoices/:id/pdf', routeDoc('Invoice as PDF (A4, or an 80 mm receipt)', printDoc), async (req, reply) => {
    const { ctx, inv, ask } = await invoiceDoc(req);
    const { pdf, number } = await invoiceDocumentPdf(ctx, inv, ask).catch((e) => { console.error(e); throw new AppError(500, 'pdf_failed', am.pdfFailed); });
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf"`).send(pdf);
  });

  registerReportRoutes(app, db);
  zatcaRoutes(app, db);
}
