import type { FastifyRequest } from 'fastify';
import { loadSession, SESSION_COOKIE } from '../auth/sessions';
import type { Database } from '../db/connect';
import { type Ctx, can } from './context';
import { forbidden, unauthenticated } from './errors';
import { localeOf } from './locale';

declare module 'fastify' {
  interface FastifyRequest {
    ctx?: Ctx;
  }
}

/** The signed-in caller's context, or 401. Loaded once per request. */
export async function requireCtx(db: Database, req: FastifyRequest): Promise<Ctx> {
  if (req.ctx) return req.ctx;
  const token = req.cookies?.[SESSION_COOKIE];
  const s = token ? await loadSession(db, token) : null;
  if (!s) throw unauthenticated('unauthenticated');
  req.ctx = { db, locale: localeOf(req), user: s.user, companyId: s.user.companyId, permissions: s.permissions };
  return req.ctx;
}

export function requirePermission(ctx: Ctx, code: string): void {
  if (!can(ctx, code)) throw forbidden('forbidden');
}
