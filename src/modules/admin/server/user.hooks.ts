import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { registerHooks, type Data, type Row } from '../../../core/entity/hooks';
import { hashPassword } from '../../../core/auth/password';
import { revokeUserSessions } from '../../../core/auth/sessions';
import { junctionOf, tableOf } from '../../../core/db/entity-table';
import type { Ctx } from '../../../core/http/context';
import { forbidden, validationError } from '../../../core/http/errors';
import { tr } from '../../../core/i18n/locale';
import { messages } from '../../../core/i18n/messages';
import type { Tx } from '../../../core/db/tx';
import { group } from '../model/group.entity';
import { user } from '../model/user.entity';

/**
 * Users: passwords become scrypt hashes; nobody raises their own rights or takes over a superuser.
 * - Only a superuser changes a superuser's password, groups, superuser or active flag, or deletes one.
 * - A user who is not a superuser makes nobody a superuser, changes none of their own groups or flags, and adds
 *   or removes no group holding a permission they do not hold themselves, on any user, and sets the password of
 *   no user holding a permission they do not hold (they could then sign in as that user).
 * - A password set by someone else must be changed by its owner at the next sign-in (`mustChangePassword`).
 * - Usernames are unique whatever their case (also a unique index on lower(username)).
 * Changing groups, flags or the password revokes the user's sessions.
 */
async function groupPermissions(tx: Tx, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const g = tableOf(group);
  const rows = await tx.select({ p: g.permissions }).from(g).where(inArray(g.id, ids));
  return rows.flatMap((r) => (Array.isArray(r.p) ? (r.p as string[]) : []));
}

async function groupsOf(tx: Tx, userId: number): Promise<number[]> {
  const j = junctionOf(user, 'groups');
  return (await tx.select({ id: j.targetId }).from(j).where(eq(j.ownerId, userId))).map((r) => r.id as number);
}

/** What the update changes among the guarded attributes (a form sends every field, changed or not). */
async function sensitiveChanges(tx: Tx, data: Data, before: Row | null): Promise<{ password: boolean; flags: boolean; groups: number[] }> {
  const password = typeof data.password === 'string' && data.password !== '';
  const flags = before !== null && (['isSuperuser', 'isActive'] as const).some((k) => k in data && Boolean(data[k]) !== Boolean(before[k]));
  let groups: number[] = [];
  if (Array.isArray(data.groups)) {
    const next = new Set(data.groups as number[]);
    const prev = new Set(before ? await groupsOf(tx, before.id) : []);
    groups = [...next].filter((id) => !prev.has(id)).concat([...prev].filter((id) => !next.has(id)));
  }
  return { password, flags, groups };
}

type Changes = Awaited<ReturnType<typeof sensitiveChanges>>;

async function guardRights(ctx: Ctx, tx: Tx, data: Data, before: Row | null, change: Changes): Promise<void> {
  if (ctx.user.isSuperuser) return;
  if (before?.isSuperuser && (change.password || change.flags || change.groups.length)) throw forbidden('onlySuperuser');
  if (data.isSuperuser === true && !before?.isSuperuser) throw forbidden('cannotRaiseOwnRights');
  if (before?.id === ctx.user.id && (change.flags || change.groups.length)) throw forbidden('cannotRaiseOwnRights');
  const granted = await groupPermissions(tx, change.groups);
  if (granted.some((p) => !ctx.permissions.has(p))) throw forbidden('cannotRaiseOwnRights');
  // whoever sets a password can sign in as that user: only with the right to set passwords (the user's "Set
  // password" action, not the right to edit users), and not as one holding more than they do
  if (change.password && before && before.id !== ctx.user.id) {
    if (!ctx.permissions.has('admin.user.setPassword')) throw forbidden('cannotSetPasswords');
    const held = await groupPermissions(tx, await groupsOf(tx, before.id));
    if (held.some((p) => !ctx.permissions.has(p))) throw forbidden('cannotTakeOverRights');
  }
}

/** 422 "username taken" for a name another account holds in any case (the index is the backstop for races). */
async function checkUsername(ctx: Ctx, tx: Tx, data: Data, id: number | null): Promise<void> {
  if (typeof data.username !== 'string') return;
  const u = tableOf(user);
  const [clash] = await tx.select({ id: u.id }).from(u)
    .where(and(sql`lower(${u.username}) = ${data.username.toLowerCase()}`, id === null ? undefined : ne(u.id, id))).limit(1);
  if (clash) throw validationError({ username: tr(messages.usernameTaken, ctx.locale) });
}

/** The system actors' names (core/tenancy/system-ctx.ts) are reserved; the actors themselves never change. */
function guardSystem(ctx: Ctx, data: Data, before: Data | null): void {
  if (before?.isSystem === true) throw forbidden('systemActor');
  if (typeof data.username === 'string' && data.username.toLowerCase().startsWith('system:'))
    throw validationError({ username: tr(messages.reservedUsername, ctx.locale) });
}

registerHooks(user, {
  async beforeCreate(ctx, tx, data) {
    guardSystem(ctx, data, null);
    await guardRights(ctx, tx, data, null, await sensitiveChanges(tx, data, null));
    await checkUsername(ctx, tx, data, null);
    if (typeof data.password === 'string' && data.password) data.passwordHash = await hashPassword(data.password);
    delete data.password;
  },
  async beforeUpdate(ctx, tx, data, before) {
    guardSystem(ctx, data, before);
    const change = await sensitiveChanges(tx, data, before);
    await guardRights(ctx, tx, data, before, change);
    await checkUsername(ctx, tx, data, before.id);
    if (change.password) {
      data.passwordHash = await hashPassword(data.password as string);
      data.mustChangePassword = before.id !== ctx.user.id;
    }
    delete data.password;
    if (change.password || change.flags || change.groups.length) await revokeUserSessions(tx, [before.id]);
  },
  async beforeDelete(ctx, tx, row) {
    guardSystem(ctx, {}, row);
    if (row.id === ctx.user.id) throw forbidden('cannotRaiseOwnRights');
    if (row.isSuperuser && !ctx.user.isSuperuser) throw forbidden('onlySuperuser');
    await tx.execute(sql`DELETE FROM sessions WHERE user_id = ${row.id}`);
  },
  uniqueMessages: { username: messages.usernameTaken },
});
