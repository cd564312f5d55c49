import type { Ctx } from '../../src/core/http/context';
import type { Locale } from '../../src/core/i18n/locale';
import type { Client, TestApp } from './test-app';

/** A service context for the user signed in as `c` (a superuser: the admin), as a route would build it. */
export async function ctxOf(t: TestApp, c: Client = t.admin, locale: Locale = 'en'): Promise<Ctx> {
  const me = (await c.get('/api/auth/me')).json() as { user: { id: number; username: string; fullName: string }; company: { id: number; timeZone: string } };
  const companyId = me.company.id;
  return {
    db: t.db, locale, companyId, timeZone: me.company.timeZone, permissions: new Set<string>(),
    user: { id: me.user.id, username: me.user.username, fullName: me.user.fullName, companyId, isSuperuser: true, isInstanceAdmin: true, preferredLanguage: null, avatar: null, mustChangePassword: false },
  };
}
