import { inArray, sql } from 'drizzle-orm';
import { registerHooks, type Data } from '../../../core/entity/hooks';
import { hashPassword } from '../../../core/auth/password';
import { revokeUserSessions } from '../../../core/auth/sessions';
import { tableOf } from '../../../core/db/entity-table';
import type { Ctx } from '../../../core/http/context';
import { forbidden } from '../../../core/http/errors';
import type { Tx } from '../../../core/db/tx';
import { group } from '../model/group.entity';
import { user } from '../model/user.entity';

/**
 * Users: passwords become scrypt hashes; nobody raises their own rights. A user who is not a superuser cannot
 * make anyone a superuser, cannot change their own groups, superuser or active flags, and cannot give anyone a
 * group holding permissions they do not hold themselves. Changing groups or the password revokes sessions.
 */
async function groupPermissions(tx: Tx, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const g = tableOf(group);
  const rows = await tx.select({ p: g.permissions }).from(g).where(inArray(g.id, ids));
  return rows.flatMap((r) => (Array.isArray(r.p) ? (r.p as string[]) : []));
}

async function guardRights(ctx: Ctx, tx: Tx, data: Data, targetId: number | null): Promise<void> {
  if (ctx.user.isSuperuser) return;
  const self = targetId === ctx.user.id;
  if (data.isSuperuser === true) throw forbidden('cannotRaiseOwnRights');
  if (self && ('groups' in data || 'isSuperuser' in data || 'isActive' in data)) throw forbidden('cannotRaiseOwnRights');
  if (Array.isArray(data.groups)) {
    const granted = await groupPermissions(tx, data.groups as number[]);
    if (granted.some((p) => !ctx.permissions.has(p))) throw forbidden('cannotRaiseOwnRights');
  }
}

registerHooks(user, {
  async beforeCreate(ctx, tx, data) {
    await guardRights(ctx, tx, data, null);
    if (typeof data.password === 'string' && data.password) data.passwordHash = await hashPassword(data.password);
    delete data.password;
  },
  async beforeUpdate(ctx, tx, data, before) {
    await guardRights(ctx, tx, data, before.id);
    const revoke = ('groups' in data) || data.isActive === false || data.isSuperuser !== undefined && data.isSuperuser !== before.isSuperuser;
    if (typeof data.password === 'string' && data.password) {
      data.passwordHash = await hashPassword(data.password);
      await revokeUserSessions(tx, [before.id]);
    }
    delete data.password;
    if (revoke) await revokeUserSessions(tx, [before.id]);
  },
  async beforeDelete(ctx, tx, row) {
    if (row.id === ctx.user.id) throw forbidden('cannotRaiseOwnRights');
    await tx.execute(sql`DELETE FROM sessions WHERE user_id = ${row.id}`);
  },
});
