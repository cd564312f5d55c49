import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hashPassword, passwordProblem, verifyPassword } from '../../../core/auth/password';
import { createSession, destroySession, revokeUserSessions, SESSION_COOKIE, SESSION_DAYS, loadSession } from '../../../core/auth/sessions';
import { clearFailures, isThrottled, recordFailure } from '../../../core/auth/throttle';
import type { Database } from '../../../core/db/connect';
import { tableOf } from '../../../core/db/entity-table';
import { systemSettings } from '../../../core/db/system.schema';
import { isUniqueViolation, withTx } from '../../../core/db/tx';
import { entitySchema } from '../../../core/entity/schema';
import { forbidden, tooMany, unauthenticated, validationError } from '../../../core/http/errors';
import { requireCtx } from '../../../core/http/guard';
import { routeDoc } from '../../../core/http/route-doc';
import { localeOf } from '../../../core/http/locale';
import { tr } from '../../../core/i18n/locale';
import { messages } from '../../../core/i18n/messages';
import { company } from '../model/company.entity';
import { user } from '../model/user.entity';
import { createCompanyWithAdmin } from './bootstrap';
import type { Ctx } from '../../../core/http/context';

/**
 * Sign-in, sign-out, sign-up and password change. One message for an unknown user and a wrong password;
 * 10 failures per account or per IP -> 429; a fresh session id at every login; HttpOnly, SameSite=Lax cookies,
 * Secure over HTTPS.
 */
function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https', maxAge: SESSION_DAYS * 86400,
  });
}

export async function meOf(ctx: Ctx) {
  const c = tableOf(company);
  const [co] = await ctx.db.orm.select({
    id: c.id, nameEn: c.nameEn, nameAr: c.nameAr, currency: c.currency, currencyDecimals: c.currencyDecimals,
    defaultLanguage: c.defaultLanguage, logo: c.logo,
  }).from(c).where(eq(c.id, ctx.companyId));
  return { user: ctx.user, company: co, permissions: [...ctx.permissions].sort() };
}

export function registerAuthRoutes(app: FastifyInstance, db: Database, opts: { demo: boolean }): void {
  const login = z.object({ username: z.string().min(1).max(100), password: z.string().min(1).max(200) });

  app.post('/api/auth/login', routeDoc('Sign in: sets the sid cookie', { body: login, public: true, responses: { 200: '{ user, company, permissions }', 401: 'Bad credentials', 429: 'Throttled' } }), async (req, reply) => {
    const locale = localeOf(req);
    const parsed = login.safeParse(req.body);
    if (!parsed.success) throw unauthenticated('badCredentials');
    const username = parsed.data.username.trim();
    const keys = [`user:${username.toLowerCase()}`, `ip:${req.ip}`];
    if (await isThrottled(db, keys)) throw tooMany('tooManyAttempts');
    const u = tableOf(user);
    const [row] = await db.orm.select({ id: u.id, companyId: u.companyId, hash: u.passwordHash, active: u.isActive })
      .from(u).where(sql`lower(${u.username}) = ${username.toLowerCase()}`);
    const ok = await verifyPassword(parsed.data.password, row?.hash as string | undefined);
    if (!row || !ok || !row.active) {
      await recordFailure(db, keys);
      throw unauthenticated('badCredentials');
    }
    await clearFailures(db, keys[0]!);
    const old = req.cookies?.[SESSION_COOKIE];
    if (old) await destroySession(db, old);
    const token = await createSession(db, row.id as number, row.companyId as number);
    await db.orm.update(u).set({ lastLoginAt: sql`now()` }).where(eq(u.id, row.id));
    setSessionCookie(req, reply, token);
    const s = (await loadSession(db, token))!;
    return meOf({ db, locale, user: s.user, companyId: s.user.companyId, permissions: s.permissions });
  });

  app.post('/api/auth/logout', routeDoc('Sign out', { public: true }), async (req, reply) => {
    const token = req.cookies?.[SESSION_COOKIE];
    if (token) await destroySession(db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });

  app.get('/api/auth/me', routeDoc('Current user, company and permissions', { responses: { 200: '{ user, company, permissions }', 401: 'Not signed in' } }), async (req) => meOf(await requireCtx(db, req)));

  app.get('/api/auth/signup', routeDoc('Whether sign-up is open: { enabled }', { public: true }), async () => {
    const [s] = await db.orm.select().from(systemSettings);
    return { enabled: s?.signupEnabled ?? true };
  });

  app.post('/api/auth/signup', routeDoc('Create a company and its first administrator', { public: true, responses: { 201: 'Created, signed in', 403: 'Sign-up closed', 422: 'Invalid' } }), async (req, reply) => {
    const locale = localeOf(req);
    const [s] = await db.orm.select().from(systemSettings);
    if (s && !s.signupEnabled) throw forbidden('signupClosed');
    const co = entitySchema(company, locale, 'create').pick({ nameEn: true, nameAr: true, currency: true });
    const us = entitySchema(user, locale, 'create').pick({ username: true, fullName: true });
    const body = (req.body ?? {}) as Record<string, unknown>;
    const errors: Record<string, string> = {};
    const a = co.safeParse({ nameEn: body.companyNameEn, nameAr: body.companyNameAr, currency: body.currency });
    if (!a.success) for (const i of a.error.issues) errors[i.path[0] === 'nameEn' ? 'companyNameEn' : i.path[0] === 'nameAr' ? 'companyNameAr' : String(i.path[0])] ??= i.message;
    const b = us.safeParse(body);
    if (!b.success) for (const i of b.error.issues) errors[String(i.path[0])] ??= i.message;
    if (passwordProblem(body.password)) errors.password = tr(messages.tooShort, locale, { field: tr(user.fields.password.label, locale), min: 8 });
    if (Object.keys(errors).length) throw validationError(errors);
    const input = {
      nameEn: String(a.data!.nameEn), nameAr: String(a.data!.nameAr), currency: String(a.data!.currency),
      username: String(b.data!.username), fullName: String(b.data!.fullName), password: String(body.password), defaultLanguage: locale,
    };
    let ids;
    try {
      ids = await withTx(db, (tx) => createCompanyWithAdmin(tx, input, false));
    } catch (e) {
      if (isUniqueViolation(e)) throw validationError({ username: tr(messages.usernameTaken, locale) });
      throw e;
    }
    const token = await createSession(db, ids.userId, ids.companyId);
    setSessionCookie(req, reply, token);
    reply.code(201);
    const ses = (await loadSession(db, token))!;
    return meOf({ db, locale, user: ses.user, companyId: ses.user.companyId, permissions: ses.permissions });
  });

  const pw = z.object({ currentPassword: z.string().max(200), newPassword: z.string().max(200) });
  app.post('/api/auth/password', routeDoc('Change the own password (revokes the other sessions)', { responses: { 200: 'ok', 422: 'Invalid' } }), async (req) => {
    const ctx = await requireCtx(db, req);
    const parsed = pw.safeParse(req.body);
    if (!parsed.success || passwordProblem(parsed.data.newPassword))
      throw validationError({ newPassword: tr(messages.tooShort, ctx.locale, { field: tr(user.fields.password.label, ctx.locale), min: 8 }) });
    const u = tableOf(user);
    const [row] = await db.orm.select({ hash: u.passwordHash }).from(u).where(and(eq(u.id, ctx.user.id)));
    if (!(await verifyPassword(parsed.data.currentPassword, row?.hash as string)))
      throw validationError({ currentPassword: tr(messages.wrongPassword, ctx.locale) });
    await withTx(db, async (tx) => {
      await tx.update(u).set({ passwordHash: await hashPassword(parsed.data.newPassword), version: sql`${u.version} + 1` }).where(eq(u.id, ctx.user.id));
      await revokeUserSessions(tx, [ctx.user.id], req.cookies[SESSION_COOKIE]);
    });
    return { ok: true };
  });
}

