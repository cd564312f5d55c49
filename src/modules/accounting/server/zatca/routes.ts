import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../../core/db/connect';
import { AppError } from '../../../../core/http/errors';
import { requireCtx, requirePermission } from '../../../../core/http/guard';
import { routeDoc } from '../../../../core/http/route-doc';
import { bindUnit } from './branches';
import { onboardUnit } from './onboarding';
import { runZatcaQueue } from './queue';
import { zatcaDocumentOf, zatcaUnits } from './reads';
import { verifyZatcaChain } from './verify';

/** ZATCA e-invoicing routes (registered by accounting's plugin): the verify report, units and onboarding, documents. */
export function zatcaRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/accounting/zatca/verify', routeDoc('Verify the e-invoice chains (hash, PIH links, ICV, signature) per unit: { ok, units, checked, problems }'), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'accounting.journalEntry.reports');
    return verifyZatcaChain(db.orm, ctx.companyId);
  });

  app.get('/api/accounting/zatca/units', routeDoc('E-invoicing units of the company (no keys or secrets): { items }'), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'accounting.accountingSettings.view');
    return { items: await zatcaUnits(db.orm, ctx.companyId) };
  });

  app.post('/api/accounting/zatca/units', routeDoc('Onboard an e-invoicing unit: key, CSR, compliance CSID (OTP), compliance checks, production CSID', {
    body: z.object({ name: z.string(), environment: z.enum(['sandbox', 'simulation', 'production']).optional(), otp: z.string(), baseUrl: z.string().optional(), branch: z.string().optional(), branchId: z.number().int().optional(), industry: z.string().optional() }),
  }), async (req, reply) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'accounting.accountingSettings.change');
    return reply.code(201).send(await onboardUnit(ctx, req.body));
  });

  app.patch('/api/accounting/zatca/units/:id', routeDoc("Bind a unit to a POS branch (its till sales are signed on it) or unbind it (branchId null): { id, branchId }", {
    body: z.object({ branchId: z.number().int().nullable() }),
  }), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'accounting.accountingSettings.change');
    const raw = (req.params as { id?: string }).id ?? '';
    if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2147483647) throw new AppError(404, 'not_found', { en: 'Not found', ar: 'غير موجود' });
    return bindUnit(ctx, Number(raw), req.body);
  });

  // An invoice without a document (not Saudi, no unit, a draft) answers null, not 404: the invoice page asks for every invoice.
  app.get('/api/accounting/zatca/invoices/:id', routeDoc("An invoice's e-invoice: chain place, status and the authority's messages; null when it has none"), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'accounting.invoice.view');
    const raw = (req.params as { id?: string }).id ?? '';
    if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2147483647) throw new AppError(404, 'not_found', { en: 'Not found', ar: 'غير موجود' });
    const doc = await zatcaDocumentOf(db.orm, ctx.companyId, Number(raw));
    if (!doc) return null;
    const { tags: _tags, ...rest } = doc;
    return rest;
  });

  app.post('/api/accounting/zatca/send', routeDoc("Send the company's pending e-invoices to the authority now (the queue does it every minute): { sent, outcomes }"), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'accounting.invoice.confirm');
    return runZatcaQueue(db, { companyId: ctx.companyId, max: 200 });
  });
}
