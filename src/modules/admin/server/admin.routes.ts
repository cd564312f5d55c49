import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../core/db/connect';
import { tableOf } from '../../../core/db/entity-table';
import { systemSettings } from '../../../core/db/system.schema';
import { getRecord } from '../../../core/entity/crud.read';
import { updateRecord } from '../../../core/entity/crud.service';
import { can } from '../../../core/http/context';
import { forbidden, notFound, validationError } from '../../../core/http/errors';
import { requireCtx, requirePermission } from '../../../core/http/guard';
import { routeDoc } from '../../../core/http/route-doc';
import { user } from '../model/user.entity';
import { permissionCatalog } from './permissions';
import { checklistOf } from '../../../core/tenancy/setup-checklist';

/** Permission catalogue, instance settings (sign-up switch) and profiles (own, or any with user rights). */
const PROFILE_FIELDS = ['fullName', 'email', 'phone', 'avatar', 'preferredLanguage', 'calendar', 'digits'] as const;

export function registerAdminRoutes(app: FastifyInstance, db: Database): void {
  // The home page's setup checklist, for those who may change the company (its administrators).
  app.get('/api/admin/setup-checklist', routeDoc('Setup checklist: { complete, steps: [{ key, label, hint, route, done }] }', { responses: { 200: 'The steps and their ticks', 403: 'Not an administrator' } }), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'admin.company.change');
    return checklistOf(ctx);
  });
  app.get('/api/admin/permissions', routeDoc('Every permission code, grouped by module and entity, with labels'), async (req) => {
    const ctx = await requireCtx(db, req);
    requirePermission(ctx, 'admin.group.view');
    return { modules: permissionCatalog() };
  });

  app.get('/api/admin/system-settings', routeDoc('Instance settings: { signupEnabled }'), async (req) => {
    await requireCtx(db, req);
    const [s] = await db.orm.select().from(systemSettings);
    return { signupEnabled: s?.signupEnabled ?? true };
  });

  app.patch('/api/admin/system-settings', routeDoc('Change the instance settings (instance administrator only)', { body: z.object({ signupEnabled: z.boolean() }) }), async (req) => {
    const ctx = await requireCtx(db, req);
    if (!ctx.user.isInstanceAdmin) throw forbidden('forbidden');
    const parsed = z.object({ signupEnabled: z.boolean() }).safeParse(req.body);
    if (!parsed.success) throw validationError({ signupEnabled: parsed.error.issues[0]!.message });
    await db.orm.insert(systemSettings).values({ id: 1, signupEnabled: parsed.data.signupEnabled })
      .onConflictDoUpdate({ target: systemSettings.id, set: { signupEnabled: parsed.data.signupEnabled, updatedAt: sql`now()` } });
    return { signupEnabled: parsed.data.signupEnabled };
  });

  async function profileId(ctx: Awaited<ReturnType<typeof requireCtx>>, username: string): Promise<number> {
    const u = tableOf(user);
    const [row] = await db.orm.select({ id: u.id, companyId: u.companyId }).from(u).where(eq(u.username, username));
    if (!row || row.companyId !== ctx.companyId) throw notFound('recordNotFound', { entity: user.label[ctx.locale] });
    return row.id as number;
  }

  app.get('/api/admin/profiles/:username', routeDoc('A profile (own, or any with admin.user.view)'), async (req) => {
    const ctx = await requireCtx(db, req);
    const id = await profileId(ctx, (req.params as { username: string }).username);
    if (id !== ctx.user.id && !can(ctx, 'admin.user.view')) throw forbidden('forbidden');
    const r = await getRecord(ctx, user, id);
    return { id: r.id, version: r.version, username: r.username, ...Object.fromEntries(PROFILE_FIELDS.map((k) => [k, r[k]])) };
  });

  app.patch('/api/admin/profiles/:username', routeDoc('Change a profile: fullName, email, phone, avatar, preferredLanguage, calendar (gregorian|hijri|both, null: the company default), digits (latin|arabic, null: the company default), with version', { responses: { 200: 'ok', 409: 'Changed by someone else' } }), async (req) => {
    const ctx = await requireCtx(db, req);
    const id = await profileId(ctx, (req.params as { username: string }).username);
    if (id !== ctx.user.id && !can(ctx, 'admin.user.change')) throw forbidden('forbidden');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const picked = Object.fromEntries(PROFILE_FIELDS.filter((k) => k in body).map((k) => [k, body[k]]));
    const r = await updateRecord(ctx, user, id, { ...picked, version: body.version });
    return { id: r.id, version: r.version, username: r.username, ...Object.fromEntries(PROFILE_FIELDS.map((k) => [k, r[k]])) };
  });
}
