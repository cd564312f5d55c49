import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/connect';
import { htmlToPdf } from '../../../core/documents/pdf';
import { getRecord } from '../../../core/entity/crud.read';
import type { Ctx } from '../../../core/http/context';
import { displayOf } from '../../../core/http/display';
import { AppError, fieldProblem, notFound } from '../../../core/http/errors';
import { requireCtx, requirePermission } from '../../../core/http/guard';
import { routeDoc } from '../../../core/http/route-doc';
import type { Locale } from '../../../core/i18n/locale';
import { now } from '../../../core/time/company-time';
import { posSession } from '../model/pos-session.entity';
import { RECEIPT_WIDTH_MM, type SessionLayout, type SessionPrintData, sessionHtml } from './session.print.html';
import { sessionMoney } from './session.hooks';
import { sessionSummary } from './session.summary';

/**
 * GET /api/pos/sessions/:id/pdf?lang=en|ar&layout=a4|receipt: a session printed (session.print.html.ts) through the
 * platform's Chromium (core/documents/pdf.ts), with the sessions' view right (what the session's page shows). `lang`
 * defaults to the caller's language, `layout` to A4. A closed session prints what its close recorded; an active one
 * the money expected so far (one grouped statement over its payments, as the close reads it).
 */
const BAD_LAYOUT = { en: '{field} must be a4 or receipt', ar: 'يجب أن يكون {field} إما a4 أو receipt' };
const BAD_LANG = { en: '{field} must be en or ar', ar: 'يجب أن تكون {field} إما en أو ar' };
const fourDp = (v: unknown) => (v === null || v === undefined ? null : new Decimal(String(v)).toFixed(4));

async function printData(ctx: Ctx, id: number, lang: Locale): Promise<SessionPrintData> {
  // the branch's name in the print's language (a reference's title follows the context's)
  const row = await getRecord({ ...ctx, locale: lang }, posSession, id);
  const summary = await sessionSummary(ctx.db.orm, ctx.companyId, row.id);
  // the company's names, currency and zone, the seller's and the printing user's full names (admin has no public entry)
  const r = await ctx.db.orm.execute(sql`SELECT c.name_en, c.name_ar, c.currency, c.currency_decimals, c.time_zone,
      (SELECT full_name FROM users WHERE id = ${row.userId as number}) AS seller, (SELECT full_name FROM users WHERE id = ${ctx.user.id}) AS printer
    FROM companies c WHERE c.id = ${ctx.companyId}`);
  const co = r.rows[0] as { name_en: string; name_ar: string | null; currency: string; currency_decimals: number; time_zone: string; seller: string | null; printer: string | null };
  const closed = row.status === 'closed';
  let cashIn = '0';
  let bankIn = '0';
  if (!closed) {
    const money = await sessionMoney(ctx.db.orm, ctx.companyId, row.id);
    cashIn = money.cash ?? '0';
    bankIn = money.bank_transfer ?? '0';
  }
  const refs = (row._refs ?? {}) as Record<string, string | null>;
  return {
    company: { nameEn: co.name_en, nameAr: co.name_ar, currency: co.currency, decimals: Number(co.currency_decimals ?? 2), timeZone: co.time_zone || ctx.timeZone },
    number: String(row.number ?? row.id), branch: refs.branchId ?? '', user: co.seller ?? refs.userId ?? '', status: String(row.status),
    openedAt: new Date(String(row.openedAt)), closedAt: row.closedAt ? new Date(String(row.closedAt)) : null,
    openingCash: fourDp(row.openingCash) ?? '0.0000', closingCash: closed ? fourDp(row.closingCash) : null,
    cash: closed
      ? { expected: fourDp(row.expectedCash) ?? '0.0000', counted: fourDp(row.countedCash), difference: fourDp(row.cashDifference) }
      : { expected: new Decimal(String(row.openingCash ?? 0)).plus(cashIn).toFixed(4), counted: null, difference: null },
    bank: closed
      ? { expected: fourDp(row.expectedBank) ?? '0.0000', counted: fourDp(row.countedBank), difference: fourDp(row.bankDifference) }
      : { expected: new Decimal(bankIn).toFixed(4), counted: null, difference: null },
    summary, printedAt: now(), printedBy: co.printer ?? ctx.user.username,
  };
}

export async function sessionPdf(ctx: Ctx, id: number, lang: Locale, layout: SessionLayout): Promise<{ pdf: Buffer; number: string }> {
  const data = await printData(ctx, id, lang);
  const html = sessionHtml(data, lang, await displayOf(ctx), layout);
  const pdf = await htmlToPdf(html, layout === 'receipt' ? { widthMm: RECEIPT_WIDTH_MM } : undefined)
    .catch((e: unknown) => { console.error(e); throw new AppError(500, 'pdf_failed', { en: 'Failed to generate the PDF', ar: 'تعذر إنشاء ملف PDF' }); });
  return { pdf, number: data.number };
}

export function registerSessionPrintRoute(app: FastifyInstance, db: Database): void {
  app.get('/api/pos/sessions/:id/pdf', routeDoc('A session printed as PDF: number, branch, salesperson, times, sales by payment method, returns and refunds, the till count', {
    query: { lang: 'en|ar (default: the caller\'s language)', layout: 'a4|receipt (80 mm)' },
    responses: { 200: 'application/pdf', 400: 'Unknown layout or language (message in the caller\'s language)', 404: 'Not a session of the company' },
  }), async (req, reply) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'pos.posSession.view');
    const raw = (req.params as { id?: string }).id ?? '';
    if (!/^[1-9]\d{0,9}$/.test(raw)) throw notFound('notFound');
    const q = req.query as { lang?: string; layout?: string };
    const layout = q.layout === undefined || q.layout === '' || q.layout === 'a4' ? 'a4' : q.layout === 'receipt' ? 'receipt' : null;
    if (!layout) throw fieldProblem(400, 'layout', { en: 'Layout', ar: 'التخطيط' }, BAD_LAYOUT);
    const lang = q.lang === undefined || q.lang === '' ? ctx.locale : q.lang === 'en' || q.lang === 'ar' ? q.lang : null;
    if (!lang) throw fieldProblem(400, 'lang', { en: 'Language', ar: 'اللغة' }, BAD_LANG);
    const { pdf, number } = await sessionPdf(ctx, Number(raw), lang, layout);
    return reply.header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf"`).send(pdf);
  });
}
