import type { FastifyRequest } from 'fastify';
import { loadSession, SESSION_COOKIE } from '../auth/sessions';
import type { Database } from '../db/connect';
import { setRequestConfigVersion, setRequestKey, setRequestSession } from '../db/request-key';
import { type Ctx, can } from './context';
import { AppError, forbidden, unauthenticated } from './errors';
import { messages } from '../i18n/messages';
import { localeOf } from './locale';

declare module 'fastify' {
  interface FastifyRequest {
    ctx?: Ctx;
  }
}

/**
 * The signed-in caller's context, or 401. Loaded once per request. A user whose password was set by someone
 * else gets 403 `password_change_required` everywhere but the routes that let them change it (`passwordChange`).
 */
export async function requireCtx(db: Database, req: FastifyRequest, opts: { passwordChange?: boolean } = {}): Promise<Ctx> {
  if (!req.ctx) {
    const token = req.cookies?.[SESSION_COOKIE];
    const s = token ? await loadSession(db, token) : null;
    if (!s) throw unauthenticated('unauthenticated');
    req.ctx = { db, locale: localeOf(req), user: s.user, companyId: s.user.companyId, timeZone: s.timeZone, permissions: s.permissions, readAfter: s.writeLsn };
    setRequestSession(s.id);
    setRequestConfigVersion(s.user.companyId, s.configVersion);
    // a write gets the server's key until the client's replaces it (idempotency.ts): its commit can always be checked
    if (req.method !== 'GET' && req.method !== 'HEAD') setRequestKey(s.user.companyId);
  }
  if (req.ctx.user.mustChangePassword && !opts.passwordChange) throw passwordChangeRequired();
  return req.ctx;
}

export const passwordChangeRequired = () => new AppError(403, 'password_change_required', messages.passwordChangeRequired);

export function requirePermission(ctx: Ctx, code: string): void {
  if (!can(ctx, code)) throw forbidden('forbidden');
}
