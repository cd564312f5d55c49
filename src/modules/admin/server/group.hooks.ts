import { eq } from 'drizzle-orm';
import { registerHooks } from '../../../core/entity/hooks';
import { revokeUserSessions } from '../../../core/auth/sessions';
import { junctionOf } from '../../../core/db/entity-table';
import { forbidden, validationError } from '../../../core/http/errors';
import { tr } from '../../../core/i18n/locale';
import { messages } from '../../../core/i18n/messages';
import type { Ctx } from '../../../core/http/context';
import type { Tx } from '../../../core/db/tx';
import { allPermissionCodes } from './permissions';
import { group } from '../model/group.entity';
import { user } from '../model/user.entity';

/**
 * Groups carry permission codes. Only known codes are stored; nobody grants a permission they do not hold;
 * members of a group whose permissions change must sign in again (their sessions are revoked).
 */
function checkPermissions(ctx: Ctx, value: unknown): string[] {
  const known = new Set(allPermissionCodes());
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value) || value.some((p) => typeof p !== 'string' || !known.has(p)))
    throw validationError({ permissions: tr(messages.invalid, ctx.locale, { field: tr(group.fields.permissions.label, ctx.locale) }) });
  const codes = [...new Set(value as string[])].sort();
  if (!ctx.user.isSuperuser && codes.some((p) => !ctx.permissions.has(p))) throw forbidden('cannotRaiseOwnRights');
  return codes;
}

async function revokeMembers(tx: Tx, groupId: number) {
  const j = junctionOf(user, 'groups');
  const members = await tx.select({ id: j.ownerId }).from(j).where(eq(j.targetId, groupId));
  await revokeUserSessions(tx, members.map((m) => m.id));
}

registerHooks(group, {
  beforeCreate(ctx, _tx, data) {
    data.permissions = checkPermissions(ctx, data.permissions);
  },
  async beforeUpdate(ctx, tx, data, before) {
    if (!('permissions' in data)) return;
    const next = checkPermissions(ctx, data.permissions);
    // A non-superuser may not strip or edit permissions beyond their own either.
    const prev = (before.permissions as string[] | null) ?? [];
    if (!ctx.user.isSuperuser && prev.some((p) => !next.includes(p) && !ctx.permissions.has(p))) throw forbidden('cannotRaiseOwnRights');
    data.permissions = next;
    if (JSON.stringify(prev) !== JSON.stringify(next)) await revokeMembers(tx, before.id);
  },
  async beforeDelete(_ctx, tx, row) {
    await revokeMembers(tx, row.id);
  },
});
