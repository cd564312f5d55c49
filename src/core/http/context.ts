import type { Database } from '../db/connect';
import type { Locale } from '../i18n/locale';

/** Who is asking, for which company, in which language. Built once per request by the auth layer. */
export interface SessionUser {
  id: number;
  username: string;
  fullName: string;
  companyId: number;
  isSuperuser: boolean;
  isInstanceAdmin: boolean;
  preferredLanguage: string | null;
  avatar: string | null;
  /** Someone else set the password: until the user changes it, only the password change is allowed. */
  mustChangePassword: boolean;
}

export interface Ctx {
  db: Database;
  locale: Locale;
  user: SessionUser;
  companyId: number;
  /** The company's IANA time zone: its "today" is `companyToday(ctx)` (core/time/company-time.ts). */
  timeZone: string;
  permissions: Set<string>;
  /** The primary's WAL position after this session's last write: a read from a replica waits for it (core/db/replica.ts). */
  readAfter?: string | null;
}

export function can(ctx: Pick<Ctx, 'user' | 'permissions'>, code: string): boolean {
  return ctx.user.isSuperuser || ctx.permissions.has(code);
}

/**
 * The context for the consequences of an action the caller's own right allowed (checked by its route): a till sale
 * (the order, delivery, invoice and payment under `pos.posSession.sell`), a sales return's stock and credit note
 * (under `sales.salesReturn.confirm`). Other modules' operations run with every right, audited under the same user:
 * the cashier or the returns clerk needs no rights in inventory or accounting for what their action implies.
 */
export const actingFor = (ctx: Ctx): Ctx => ({ ...ctx, user: { ...ctx.user, isSuperuser: true } });
