import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../../core/db/connect';
import { workbook } from '../../../../core/documents/xlsx';
import { AppError } from '../../../../core/http/errors';
import { requireCtx, requirePermission } from '../../../../core/http/guard';
import { routeDoc } from '../../../../core/http/route-doc';
import { am } from '../messages';
import { agingReport } from './aging.report';
import { cashFlowReport } from './cash-flow.report';
import { generalLedgerReport } from './general-ledger.report';
import { accountTotals, accountsOf, rollUp } from './ledger-totals';
import { parseParams } from './report-params';
import { reportSheet } from '../../../../core/documents/report-output';
import type { ReportDef } from './report.types';
import { balanceSheetReport, incomeStatementReport } from './statements.report';
import { detailedTrialBalanceReport, trialBalanceReport } from './trial-balance.report';
import { reportPdf } from '../../../../core/documents/report-pdf';

/**
 * GET /api/accounting/reports/<name>?from=&to=&period=&accountId=&journalId=&contactId=&format=json|xlsx|pdf
 * GET /api/accounting/reports/combined.xlsx?names=a,b  (one workbook, one sheet per report; default balance
 * sheet + income statement). Failures answer "Failed to generate report" / "Failed to download PDF".
 */
export const REPORTS: ReportDef[] = [trialBalanceReport, detailedTrialBalanceReport, generalLedgerReport, balanceSheetReport, incomeStatementReport, cashFlowReport, agingReport];
const byName = new Map(REPORTS.map((r) => [r.name, r]));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function guard<T>(label: typeof am.reportFailed, run: () => Promise<T>): Promise<T> {
  return run().catch((e) => {
    if (e instanceof AppError) throw e;
    console.error(e);
    throw new AppError(500, 'report_failed', label);
  });
}

export function registerReportRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/accounting/reports/combined.xlsx', routeDoc('Several reports in one workbook, one sheet each', { query: { names: 'Comma-separated report names (default balance-sheet,income-statement)', from: 'First day', to: 'Last day' } }), async (req, reply) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'accounting.journalEntry.reports');
    const q = req.query as Record<string, unknown>;
    const names = String(q.names ?? 'balance-sheet,income-statement').split(',').slice(0, 8);
    const defs = names.map((n) => byName.get(n));
    if (defs.some((d) => !d)) throw new AppError(404, 'not_found', am.unknownReport);
    const p = parseParams(q);
    const buf = await guard(am.reportFailed, async () => {
      const data = await Promise.all(defs.map((d) => d!.run(db.orm, ctx, p)));
      return workbook(data.map((d) => reportSheet(d, ctx.locale)), ctx.locale);
    });
    return reply.header('content-type', XLSX).header('content-disposition', 'attachment; filename="reports.xlsx"').send(buf);
  });

  app.get('/api/accounting/reports/:name', routeDoc(`A financial report: ${REPORTS.map((r) => r.name).join(', ')}`, { query: { from: 'First day (YYYY-MM-DD)', to: 'Last day', period: 'daily|weekly|monthly|quarterly|yearly', accountId: 'Account', journalId: 'Journal', contactId: 'Contact', page: 'Page', pageSize: 'Rows per page', format: 'json|xlsx|pdf' }, responses: { 200: 'The report (json), or the file', 404: 'Unknown report', 500: 'Failed to generate report' } }), async (req, reply) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'accounting.journalEntry.reports');
    const def = byName.get((req.params as { name: string }).name);
    if (!def) throw new AppError(404, 'not_found', am.unknownReport);
    const p = parseParams(req.query as Record<string, unknown>);
    if (p.format === 'pdf') {
      const pdf = await guard(am.pdfFailed, async () => reportPdf(await def.run(db.orm, ctx, { ...p, pageSize: 1000 }), ctx.locale));
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${def.name}.pdf"`).send(pdf);
    }
    const data = await guard(am.reportFailed, () => def.run(db.orm, ctx, p));
    if (p.format === 'json') return data;
    const buf = await guard(am.reportFailed, () => workbook([reportSheet(data, ctx.locale)], ctx.locale));
    return reply.header('content-type', XLSX).header('content-disposition', `attachment; filename="${def.name}.xlsx"`).send(buf);
  });

  /** Live balance (debit - credit) of every account, parents carrying their subtree. */
  app.get('/api/accounting/accounts/balances', routeDoc('Live balance of every account, parents rolling up their subtree', { query: { to: 'As of (YYYY-MM-DD)' } }), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'accounting.account.view');
    const p = parseParams(req.query as Record<string, unknown>);
    const accounts = await accountsOf(db.orm, ctx.companyId);
    const totals = await accountTotals(db.orm, ctx.companyId, null, p.to);
    const rolled = rollUp(accounts, new Map([...totals].map(([id, v]) => [id, v.debit.minus(v.credit)])));
    return { asOf: p.to, items: accounts.map((a) => ({ accountId: a.id, code: a.code, balance: (rolled.get(a.id) ?? null)?.toFixed(4) ?? '0.0000' })) };
  });
}
