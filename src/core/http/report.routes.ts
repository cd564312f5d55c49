import type { FastifyInstance } from 'fastify';
import type { Database, Orm } from '../db/connect';
import { closeBrowser } from '../documents/pdf';
import type { BaseReportParams } from '../documents/report-params';
import { reportSheet } from '../documents/report-output';
import { PART_ROWS, reportPdf } from '../documents/report-pdf';
import type { ReportData, ReportDef } from '../documents/report.types';
import { workbook } from '../documents/xlsx';
import type { Label } from '../i18n/locale';
import { companyToday } from '../time/company-time';
import type { Ctx } from './context';
import { displayOf } from './display';
import { AppError } from './errors';
import { requireCtx, requirePermission } from './guard';
import { type ReportFilter, reportHeading } from './report-heading';
import { readFromReplica } from './replica-read';
import { routeDoc } from './route-doc';

/**
 * The routes of a module's reports, all behind one permission:
 *   GET <prefix>/<name>?...&format=json|xlsx|pdf   (json is paged; Excel and PDF hold every row of the range, up
 *                                                  to 50,000 and 20,000: a longer report is a 400, never cut short)
 *   GET <prefix>/combined.xlsx?names=a,b&...      (one workbook, one sheet per report; `combined` by default)
 * A PDF is headed by the company's name, the title, the period and the filters chosen (report-heading.ts).
 * Unexpected failures are logged and answered 500 with the module's message; AppErrors (400, 404) pass through.
 * Every report reads in one snapshot, from the replica when there is one (core/db/replica.ts: read your writes,
 * else the primary); the JSON carries `asOf`, the time its data is as of, and every answer the X-Data-* headers.
 */
export interface ReportRoutes<P extends BaseReportParams> {
  prefix: string;
  permission: string;
  reports: ReportDef<P>[];
  /** `today`: the company's date (companyToday), the default `to`. */
  parse(q: Record<string, unknown>, today: string): P;
  combined: string[];
  messages: { failed: Label; pdfFailed: Label; unknown: Label };
  /** Fills parameters the caller left out that depend on the company (e.g. `from` = start of the fiscal year). */
  defaults?(db: Orm, ctx: Ctx, report: string, p: P): Promise<P>;
  /** The filters of `p` a PDF names under its title (report-heading.ts), those its report applies (ReportDef.applies). */
  filters?(p: P, report: string): ReportFilter[];
  /** OpenAPI: what the reports are about and the query parameters beyond the shared ones. */
  doc: { summary: string; query: Record<string, string> };
}

const SHARED_QUERY = { from: 'First day (YYYY-MM-DD)', to: "Last day or as-of date (default: the company's today)", period: 'daily|weekly|monthly|quarterly|yearly', page: 'Page (json)', pageSize: 'Rows per page, at most 1000 (json)' };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXCEL_ROWS = 50_000;
const PDF_ROWS = 20_000;
/** A report's statements see one snapshot (on the replica: one REPEATABLE READ transaction). */
const SNAPSHOT = { snapshot: true };

const tooLong = { en: 'The report has {count} lines, more than a {format} file takes ({max}): narrow the dates or filters', ar: 'عدد أسطر التقرير {count}، أكثر مما يتسع له ملف {format} ({max}): ضيّق التواريخ أو عوامل التصفية' };

/** Every row or a 400: a download never silently drops the rows past its limit (`streamed`: rows come later). */
function whole(d: ReportData, format: 'Excel' | 'PDF', max: number, streamed = false): ReportData {
  if (d.page && d.page.total > (streamed ? max : d.rows.length)) throw new AppError(400, 'report_too_long', tooLong, undefined, { count: d.page.total, format, max });
  return d;
}

function guard<T>(label: Label, run: () => Promise<T>): Promise<T> {
  return run().catch((e) => {
    if (e instanceof AppError) throw e;
    console.error(e);
    throw new AppError(500, 'report_failed', label);
  });
}

export function registerReports<P extends BaseReportParams>(app: FastifyInstance, db: Database, spec: ReportRoutes<P>): void {
  const byName = new Map(spec.reports.map((r) => [r.name, r]));
  const { failed, pdfFailed, unknown } = spec.messages;
  const params = (ctx: Ctx, name: string, q: Record<string, unknown>) => {
    const p = spec.parse(q, companyToday(ctx));
    return spec.defaults ? spec.defaults(ctx.db.orm, ctx, name, p) : p;
  };
  app.addHook('onClose', closeBrowser);

  const query = { ...SHARED_QUERY, ...spec.doc.query };
  const names = spec.reports.map((r) => r.name).join(', ');
  app.get(`${spec.prefix}/combined.xlsx`, routeDoc(`${spec.doc.summary}: several in one workbook, one sheet each`, {
    query: { names: `Comma-separated report names (default ${spec.combined.join(',')})`, ...query },
    responses: { 200: 'The workbook', 400: 'Invalid parameter', 404: 'Unknown report', 500: 'Report failed' },
  }), async (req, reply) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, spec.permission);
    const q = req.query as Record<string, unknown>;
    const wanted = q.names === undefined || q.names === '' ? spec.combined : String(q.names).split(',').slice(0, 8);
    const defs = wanted.map((n) => byName.get(n));
    if (defs.some((d) => !d)) throw new AppError(404, 'not_found', unknown);
    const buf = await guard(failed, async () => {
      const { value: data } = await readFromReplica(reply, ctx, async (rc) => {
        const out = [];
        for (const d of defs) out.push(whole(await d!.run(rc.db.orm, rc, { ...(await params(rc, d!.name, q)), page: 1, pageSize: EXCEL_ROWS }), 'Excel', EXCEL_ROWS));
        return out;
      }, SNAPSHOT);
      return workbook(data.map((d) => reportSheet(d, ctx.locale)), ctx.locale);
    });
    return reply.header('content-type', XLSX).header('content-disposition', 'attachment; filename="reports.xlsx"').send(buf);
  });

  app.get(`${spec.prefix}/:name`, routeDoc(`${spec.doc.summary}: ${names}`, {
    query: { ...query, format: 'json|xlsx|pdf' },
    responses: { 200: '{ name, title, params, columns, rows, totals, summary, page, asOf } or the file (X-Data-Source, X-Data-As-Of)', 400: 'Invalid parameter', 404: 'Unknown report', 500: 'Report failed' },
  }), async (req, reply) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, spec.permission);
    const def = byName.get((req.params as { name: string }).name);
    if (!def) throw new AppError(404, 'not_found', unknown);
    const q = req.query as Record<string, unknown>;
    const format = spec.parse(q, companyToday(ctx)).format;
    if (format === 'pdf') {
      // A report with `rowBatches` is read in batches while it prints (the first call gives its count, no rows).
      const stream = def.rowBatches?.bind(def);
      const fmt = await displayOf(ctx);
      // the replica's connection (and snapshot) is held while it prints: the rows are read as the parts print
      const { value: pdf } = await guard(pdfFailed, () => readFromReplica(reply, ctx, async (rc) => {
        const p = await params(rc, def.name, q);
        const data = whole(await def.run(rc.db.orm, rc, { ...p, page: 1, pageSize: stream ? 0 : PDF_ROWS }), 'PDF', PDF_ROWS, !!stream);
        const heading = await reportHeading(rc.db.orm, rc, (spec.filters?.(p, def.name) ?? []).filter((f) => def.applies?.includes(f.param as keyof P & string)), fmt);
        return reportPdf(data, fmt, { heading, ...(stream ? { rows: () => stream(rc.db.orm, rc, p, PART_ROWS) } : {}) });
      }, SNAPSHOT));
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${def.name}.pdf"`).send(pdf);
    }
    if (format === 'json') {
      const r = await guard(failed, () => readFromReplica(reply, ctx, async (rc) => def.run(rc.db.orm, rc, await params(rc, def.name, q)), SNAPSHOT));
      return { ...r.value, asOf: r.asOf };
    }
    const { value: data } = await guard(failed, () => readFromReplica(reply, ctx, async (rc) =>
      whole(await def.run(rc.db.orm, rc, { ...(await params(rc, def.name, q)), page: 1, pageSize: EXCEL_ROWS }), 'Excel', EXCEL_ROWS), SNAPSHOT));
    const buf = await guard(failed, () => workbook([reportSheet(data, ctx.locale)], ctx.locale));
    return reply.header('content-type', XLSX).header('content-disposition', `attachment; filename="${def.name}.xlsx"`).send(buf);
  });
}
