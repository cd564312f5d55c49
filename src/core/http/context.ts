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
}

export interface Ctx {
  db: Database;
  locale: Locale;
  user: SessionUser;
  companyId: number;
  permissions: Set<string>;
}

export function can(ctx: Pick<Ctx, 'user' | 'permissions'>, code: string): boolean {
  return ctx.user.isSuperuser || ctx.permissions.has(code);
}
