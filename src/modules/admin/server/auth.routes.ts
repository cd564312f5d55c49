import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hashPassword, passwordProblem, verifyPassword } from '../../../core/auth/password';
import { createSession, destroySession, revokeUserSessions, SESSION_COOKIE, SESSION_DAYS, loadSession } from '../../../core/auth/sessions';
import { claimAttempts, claimLogin, LIMITS, releaseLogin } from '../../../core/auth/throttle';
import type { Database } from '../../../core/db/connect';
import { tableOf } from '../../../core/db/entity-table';
import { systemSettings } from '../../../core/db/system.schema';
import { isUniqueViolation, withTx } from '../../../core/db/tx';
import { entitySchema } from '../../../core/entity/schema';
import { forbidden, tooMany, unauthenticated, validationError } from '../../../core/http/errors';
import { requireCtx } from '../../../core/http/guard';
import { routeDoc } from '../../../core/http/route-doc';
import { displayOf } from '../../../core/http/display';
import { localeOf } from '../../../core/http/locale';
import { tr } from '../../../core/i18n/locale';
import { messages } from '../../../core/i18n/messages';
import { company } from '../model/company.entity';
import { user } from '../model/user.entity';
import { createCompanyWithAdmin } from './bootstrap';
import { currencyError, storedTaxNumber, taxNumberError } from './company.hooks';
import type { Ctx } from '../../../core/http/context';

/**
 * Sign-in, sign-out, sign-up and password change. One message for an unknown user and a wrong password;
 * attempts are claimed before the password is checked, per (account, address), per address and per account
 * (core/auth/throttle.ts) -> 429; a fresh session id at every login; HttpOnly, SameSite=Lax cookies, Secure over
 * HTTPS. Sign-up: 3 companies an hour per address, and the company, its admin and the session in one transaction.
 * A user whose password was set by someone else signs in to change it (`passwordChangeRequired`), nothing else.
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
    defaultLanguage: c.defaultLanguage, logo: c.logo, timeZone: c.timeZone, calendar: c.calendar, digits: c.digits, country: c.country,
  }).from(c).where(eq(c.id, ctx.companyId));
  // `display`: the effective calendar and digits (the user's, else the company's) every screen formats with
  const { calendar, digits } = await displayOf(ctx);
  return { user: ctx.user, company: co, display: { calendar, digits }, permissions: [...ctx.permissions].sort(), passwordChangeRequired: ctx.user.mustChangePassword };
}

export function registerAuthRoutes(app: FastifyInstance, db: Database, opts: { demo: boolean }): void {
  const login = z.object({ username: z.string().min(1).max(100), password: z.string().min(1).max(200) });

  app.post('/api/auth/login', routeDoc('Sign in: sets the sid cookie', { body: login, public: true, responses: { 200: '{ user, company, display, permissions, passwordChangeRequired }', 401: 'Bad credentials', 429: 'Throttled' } }), async (req, reply) => {
    const locale = localeOf(req);
    const parsed = login.safeParse(req.body);
    if (!parsed.success) throw unauthenticated('badCredentials');
    const username = parsed.data.username.trim();
    if (!(await claimLogin(db, username, req.ip))) throw tooMany('tooManyAttempts');
    const u = tableOf(user);
    // lower(username) is unique (users_username_lower_uq): one account at most
    const [row] = await db.orm.select({ id: u.id, companyId: u.companyId, hash: u.passwordHash, active: u.isActive })
      .from(u).where(sql`lower(${u.username}) = ${username.toLowerCase()}`);
    const ok = await verifyPassword(parsed.data.password, row?.hash as string | undefined);
    if (!row || !ok || !row.active) throw unauthenticated('badCredentials');
    await releaseLogin(db, username, req.ip);
    const old = req.cookies?.[SESSION_COOKIE];
    if (old) await destroySession(db, old);
    const token = await createSession(db.orm, row.id as number, row.companyId as number, !!db.replica);
    await db.orm.update(u).set({ lastLoginAt: sql`now()` }).where(eq(u.id, row.id));
    setSessionCookie(req, reply, token);
    const s = (await loadSession(db, token))!;
    return meOf({ db, locale, user: s.user, companyId: s.user.companyId, timeZone: s.timeZone, permissions: s.permissions });
  });

  app.post('/api/auth/logout', routeDoc('Sign out', { public: true }), async (req, reply) => {
    const token = req.cookies?.[SESSION_COOKIE];
    if (token) await destroySession(db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });

  app.get('/api/auth/me', routeDoc('Current user, company and permissions', { responses: { 200: '{ user, company, display, permissions, passwordChangeRequired }', 401: 'Not signed in' } }), async (req) => meOf(await requireCtx(db, req, { passwordChange: true })));

  app.get('/api/auth/signup', routeDoc('Whether sign-up is open: { enabled }', { public: true }), async () => {
    const [s] = await db.orm.select().from(systemSettings);
    return { enabled: s?.signupEnabled ?? true };
  });

  app.post('/api/auth/signup', routeDoc('Create a company and its first administrator', { public: true, responses: { 201: 'Created, signed in', 403: 'Sign-up closed', 422: 'Invalid', 429: 'Too many sign-ups from this address' } }), async (req, reply) => {
    const locale = localeOf(req);
    const [s] = await db.orm.select().from(systemSettings);
    if (s && !s.signupEnabled) throw forbidden('signupClosed');
    const co = entitySchema(company, locale, 'create').pick({ nameEn: true, nameAr: true, currency: true, timeZone: true, country: true, fiscalYearStartMonth: true, taxNumber: true });
    const us = entitySchema(user, locale, 'create').pick({ username: true, fullName: true });
    const body = (req.body ?? {}) as Record<string, unknown>;
    const errors: Record<string, string> = {};
    // The time zone is asked (pre-filled from the browser's); an API caller that leaves it out gets UTC.
    // The country defaults to Saudi Arabia (what every company was before packs), the fiscal year to January.
    const a = co.safeParse({
      nameEn: body.companyNameEn, nameAr: body.companyNameAr, currency: body.currency, timeZone: body.timeZone ?? 'UTC',
      country: body.country ?? 'SA', fiscalYearStartMonth: body.fiscalYearStartMonth ?? 1, taxNumber: body.taxNumber || null,
    });
    if (!a.success) for (const i of a.error.issues) errors[i.path[0] === 'nameEn' ? 'companyNameEn' : i.path[0] === 'nameAr' ? 'companyNameAr' : String(i.path[0])] ??= i.message;
    else {
      const cur = currencyError(a.data.currency);
      if (cur) errors.currency = cur.fieldsIn(locale)!.currency!;
      const tax = taxNumberError(a.data.country, a.data.taxNumber);
      if (tax) errors.taxNumber = tax.fieldsIn(locale)!.taxNumber!;
    }
    const b = us.safeParse(body);
    if (!b.success) for (const i of b.error.issues) errors[String(i.path[0])] ??= i.message;
    else if (String(b.data.username).toLowerCase().startsWith('system:')) errors.username = tr(messages.reservedUsername, locale);
    if (passwordProblem(body.password)) errors.password = tr(messages.tooShort, locale, { field: tr(user.fields.password.label, locale), min: 8 });
    if (Object.keys(errors).length) throw validationError(errors);
    const input = {
      nameEn: String(a.data!.nameEn), nameAr: String(a.data!.nameAr), currency: String(a.data!.currency), timeZone: String(a.data!.timeZone),
      country: String(a.data!.country), fiscalYearStartMonth: Number(a.data!.fiscalYearStartMonth),
      taxNumber: a.data!.taxNumber ? storedTaxNumber(a.data!.country, String(a.data!.taxNumber)) : null,
      username: String(b.data!.username), fullName: String(b.data!.fullName), password: String(body.password), defaultLanguage: locale,
    };
    let token;
    try {
      // One transaction: the claim (3 an hour per address, given back if anything fails), the company, its admin
      // and the session; a failure at any step leaves nothing behind.
      token = await withTx(db, async (tx) => {
        if (!(await claimAttempts(tx, [{ key: `signup:${req.ip}`, limit: LIMITS.signup }]))) throw tooMany('tooManySignups');
        const ids = await createCompanyWithAdmin(db, tx, input, false);
        return createSession(tx, ids.userId, ids.companyId, !!db.replica);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw validationError({ username: tr(messages.usernameTaken, locale) });
      throw e;
    }
    setSessionCookie(req, reply, token);
    reply.code(201);
    const ses = (await loadSession(db, token))!;
    return meOf({ db, locale, user: ses.user, companyId: ses.user.companyId, timeZone: ses.timeZone, permissions: ses.permissions });
  });

  const pw = z.object({ currentPassword: z.string().max(200), newPassword: z.string().max(200) });
  app.post('/api/auth/password', routeDoc('Change the own password (revokes the other sessions)', { responses: { 200: 'ok', 422: 'Invalid' } }), async (req) => {
    const ctx = await requireCtx(db, req, { passwordChange: true });
    const parsed = pw.safeParse(req.body);
    if (!parsed.success || passwordProblem(parsed.data.newPassword))
      throw validationError({ newPassword: tr(messages.tooShort, ctx.locale, { field: tr(user.fields.password.label, ctx.locale), min: 8 }) });
    const u = tableOf(user);
    const [row] = await db.orm.select({ hash: u.passwordHash }).from(u).where(and(eq(u.id, ctx.user.id)));
    if (!(await verifyPassword(parsed.data.currentPassword, row?.hash as string)))
      throw validationError({ currentPassword: tr(messages.wrongPassword, ctx.locale) });
    if (parsed.data.newPassword === parsed.data.currentPassword) throw validationError({ newPassword: tr(messages.samePassword, ctx.locale) });
    await withTx(db, async (tx) => {
      await tx.update(u).set({ passwordHash: await hashPassword(parsed.data.newPassword), mustChangePassword: false, version: sql`${u.version} + 1` }).where(eq(u.id, ctx.user.id));
      await revokeUserSessions(tx, [ctx.user.id], req.cookies[SESSION_COOKIE]);
    });
    return { ok: true };
  });
}

