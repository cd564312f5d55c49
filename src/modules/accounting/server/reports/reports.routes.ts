import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../../core/db/connect';
import { requireCtx, requirePermission } from '../../../../core/http/guard';
import { registerReports } from '../../../../core/http/report.routes';
import { readFromReplica } from '../../../../core/http/replica-read';
import { routeDoc } from '../../../../core/http/route-doc';
import { am } from '../messages';
import { agingReport } from './aging.report';
import { cashFlowReport } from './cash-flow.report';
import { fiscalYearFrom } from './fiscal-year';
import { generalLedgerReport } from './general-ledger.report';
import { accountTotals, accountsOf, rollUp } from './ledger-totals';
import { accountingFilters, parseParams, type ReportParams } from './report-params';
import type { ReportDef } from './report.types';
import { balanceSheetReport, incomeStatementReport } from './statements.report';
import { detailedTrialBalanceReport, trialBalanceReport } from './trial-balance.report';
import { companyToday } from '../../../../core/time/company-time';

/**
 * GET /api/accounting/reports/<name>?from=&to=&period=&accountId=&journalId=&contactId=&format=json|xlsx|pdf
 * GET /api/accounting/reports/combined.xlsx?names=a,b  (one workbook, one sheet per report; default balance
 * sheet + income statement). The routes are the shared ones (core/http/report.routes.ts). Without `from`, a
 * report over a period starts on the first day of the fiscal year (accounting settings) that contains `to`.
 * Failures answer "Failed to generate report" / "Failed to download PDF".
 */
export const REPORTS: ReportDef[] = [trialBalanceReport, detailedTrialBalanceReport, generalLedgerReport, balanceSheetReport, incomeStatementReport, cashFlowReport, agingReport];
/** Reports that read a period (the aging is as of `to` only). */
const WITH_FROM = new Set(REPORTS.filter((r) => r !== agingReport).map((r) => r.name));

export function registerReportRoutes(app: FastifyInstance, db: Database): void {
  registerReports<ReportParams>(app, db, {
    prefix: '/api/accounting/reports',
    permission: 'accounting.journalEntry.reports',
    reports: REPORTS,
    parse: parseParams,
    filters: accountingFilters,
    combined: ['balance-sheet', 'income-statement'],
    messages: { failed: am.reportFailed, pdfFailed: am.pdfFailed, unknown: am.unknownReport },
    async defaults(orm, ctx, name, p) {
      return p.from || !WITH_FROM.has(name) ? p : { ...p, from: await fiscalYearFrom(orm, ctx, p.to) };
    },
    doc: {
      summary: 'A financial report (without `from`: from the start of the fiscal year containing `to`)',
      query: { accountId: 'Account', journalId: 'Journal', contactId: 'Contact' },
    },
  });

  /** Live balance (debit - credit) of every account, parents carrying their subtree. */
  app.get('/api/accounting/accounts/balances', routeDoc('Live balance of every account, parents rolling up their subtree', { query: { to: 'As of (YYYY-MM-DD)' } }), async (req, reply) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'accounting.account.view');
    const p = parseParams(req.query as Record<string, unknown>, companyToday(ctx));
    const { value: [accounts, totals] } = await readFromReplica(reply, ctx, async (rc) =>
      [await accountsOf(rc.db.orm, rc.companyId), await accountTotals(rc.db.orm, rc.companyId, null, p.to)] as const, { snapshot: true });
    const rolled = rollUp(accounts, new Map([...totals].map(([id, v]) => [id, v.debit.minus(v.credit)])));
    return { asOf: p.to, items: accounts.map((a) => ({ accountId: a.id, code: a.code, balance: (rolled.get(a.id) ?? null)?.toFixed(4) ?? '0.0000' })) };
  });
}
