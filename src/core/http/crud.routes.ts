import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connect';
import { type AnyEntity, isSingleton, permissionCode } from '../entity/define';
import { getCurrentRecord, getRecord, listRecords } from '../entity/crud.read';
import { runAction, runTransition } from '../entity/crud.transition';
import { bulkDelete, createRecord, deleteRecord, updateRecord } from '../entity/crud.service';
import { hooksOf } from '../entity/hooks';
import { exportList } from '../entity/export';
import { historyOf } from '../audit/audit';
import { notFound, validationError } from './errors';
import { requireCtx, requirePermission } from './guard';
import { claimIdempotency } from './idempotency';
import { readFromReplica } from './replica-read';
import { z } from 'zod';

/** The generic API: the same routes for every entity of the registry, nothing written per entity. */
const ID_RE = /^[1-9]\d{0,9}$/;

function idOf(params: unknown): number {
  const raw = (params as { id?: string }).id ?? '';
  if (!ID_RE.test(raw)) throw notFound('notFound');
  return Number(raw);
}

export function entityBasePath(def: AnyEntity): string {
  return `/api/${def.module}/${def.path}`;
}

export function registerCrudRoutes(app: FastifyInstance, db: Database, defs: AnyEntity[]): void {
  for (const def of defs) {
    const base = entityBasePath(def);
    const ops = { create: true, update: true, delete: true, ...def.operations };
    const perm = (op: string) => permissionCode(def, op);

    // lists (one statement carrying the count) and exports read from the replica when there is one (read your writes)
    app.get(base, async (req, reply) => {
      const ctx = await requireCtx(db, req);
      requirePermission(ctx, perm('view'));
      return (await readFromReplica(reply, ctx, (rc) => listRecords(rc, def, req.query as Record<string, unknown>))).value;
    });

    app.get(`${base}/export.xlsx`, async (req, reply) => {
      const ctx = await requireCtx(db, req);
      requirePermission(ctx, perm('view'));
      const { value: buf } = await readFromReplica(reply, ctx, (rc) => exportList(rc, def, req.query as Record<string, unknown>), { snapshot: true });
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      reply.header('content-disposition', `attachment; filename="${def.path}.xlsx"`);
      return reply.send(buf);
    });

    if (isSingleton(def))
      app.get(`${base}/current`, async (req) => {
        const ctx = await requireCtx(db, req);
        requirePermission(ctx, perm('view'));
        return getCurrentRecord(ctx, def);
      });

    app.get(`${base}/:id`, async (req) => {
      const ctx = await requireCtx(db, req);
      requirePermission(ctx, perm('view'));
      return getRecord(ctx, def, idOf(req.params));
    });

    app.get(`${base}/:id/history`, async (req) => {
      const ctx = await requireCtx(db, req);
      requirePermission(ctx, perm('view'));
      const id = idOf(req.params);
      await getRecord(ctx, def, id);
      return historyOf(ctx, def, id);
    });

    if (ops.create)
      app.post(base, async (req, reply) => {
        const ctx = await requireCtx(db, req);
        requirePermission(ctx, perm('add'));
        if (await claimIdempotency(db, req, reply, ctx.companyId, { def })) return reply;
        reply.code(201);
        const create = hooksOf(def).create;
        return create ? create(ctx, req.body) : createRecord(ctx, def, req.body);
      });

    if (ops.update)
      app.patch(`${base}/:id`, async (req) => {
        const ctx = await requireCtx(db, req);
        requirePermission(ctx, perm('change'));
        return updateRecord(ctx, def, idOf(req.params), req.body);
      });

    if (ops.delete) {
      app.delete(`${base}/:id`, async (req, reply) => {
        const ctx = await requireCtx(db, req);
        requirePermission(ctx, perm('delete'));
        await deleteRecord(ctx, def, idOf(req.params));
        return reply.code(204).send();
      });
      const bulk = z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) });
      app.post(`${base}/bulk-delete`, async (req, reply) => {
        const ctx = await requireCtx(db, req);
        requirePermission(ctx, perm('delete'));
        if (await claimIdempotency(db, req, reply, ctx.companyId)) return reply;
        const parsed = bulk.safeParse(req.body);
        if (!parsed.success) throw validationError({ ids: parsed.error.issues[0]!.message });
        return { deleted: await bulkDelete(ctx, def, parsed.data.ids) };
      });
    }

    app.post(`${base}/:id/:action`, async (req, reply) => {
      const ctx = await requireCtx(db, req);
      const id = idOf(req.params);
      const action = (req.params as { action: string }).action;
      const transition = def.states?.transitions[action];
      if (transition) {
        requirePermission(ctx, perm(transition.permission ?? action));
        if (await claimIdempotency(db, req, reply, ctx.companyId, { def, id })) return reply;
        return runTransition(ctx, def, id, action, (req.body ?? {}) as Record<string, unknown>);
      }
      if (!def.actions?.[action]) throw notFound('notFound');
      requirePermission(ctx, perm(action));
      if (await claimIdempotency(db, req, reply, ctx.companyId)) return reply;
      return runAction(ctx, def, id, action, (req.body ?? {}) as Record<string, unknown>);
    });
  }
}
