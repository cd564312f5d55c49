import { type AnyEntity, permissionCode } from './define';
import type { Data, Row } from './hooks';
import { hooksOf } from './hooks';
import { lockRow, present } from './crud.read';
import { runAction, runTransition } from './crud.transition';
import { createAndTransition, createRecord, deleteRecord, updateColumns, updateRecord } from './crud.service';
import { withTx } from '../db/tx';
import { recordAudit } from '../audit/audit';
import type { Ctx } from '../http/context';
import { notFound } from '../http/errors';
import { requirePermission } from '../http/guard';

/**
 * The generic operations for code: what the API's routes do, callable by a module's service or a job, so that no
 * module writes a document's row by hand. Each checks the permission of the acting user (`ctx`: a signed-in user,
 * or a company's system actor, core/tenancy/system-ctx.ts) as its route does, then runs the entity's hooks, state
 * machine and audit, and answers the record as the API does.
 *
 * They compose: called inside `withTx(db, ...)` (or inside a hook, which runs in its operation's transaction) they
 * join that transaction (core/db/tx.ts), so several of them are one unit: an error in any rolls back all. E.g. a
 * credit note (accounting/invoice.service.ts) creates an invoice, confirms it (numbers it, posts its entry) and
 * applies it to the original inside the original's action.
 */
function enabled(def: AnyEntity, op: 'create' | 'update' | 'delete'): void {
  if (def.operations?.[op] === false) throw notFound('notFound');
}

export const ops = {
  /**
   * The generic create (POST), or the entity's own `create` hook. `set`: fields the calling code sets besides the
   * validated body, read-only ones included (e.g. a credit note's link to its invoice); before the hooks run.
   */
  async create(ctx: Ctx, def: AnyEntity, body: Data, opts: { set?: Data } = {}): Promise<Row> {
    enabled(def, 'create');
    requirePermission(ctx, permissionCode(def, 'add'));
    const own = hooksOf(def).create;
    if (own && !opts.set) return own(ctx, body);
    if (own) throw new Error(`${def.name}: its create hook takes no server-set fields`);
    return createRecord(ctx, def, body, opts.set);
  },

  /** The generic update (PATCH): validated changes, `version` checked when given. */
  async update(ctx: Ctx, def: AnyEntity, id: number, body: Data): Promise<Row> {
    enabled(def, 'update');
    requirePermission(ctx, permissionCode(def, 'change'));
    return updateRecord(ctx, def, id, body);
  },

  /** The generic delete (DELETE). */
  async remove(ctx: Ctx, def: AnyEntity, id: number): Promise<void> {
    enabled(def, 'delete');
    requirePermission(ctx, permissionCode(def, 'delete'));
    await deleteRecord(ctx, def, id);
  },

  /**
   * A create and one transition of the new record in one transaction (crud.service.ts createAndTransition): both
   * permissions, `set` as create's, and `between`: the caller's work after the insert, before the transition.
   */
  async createAndTransition(ctx: Ctx, def: AnyEntity, body: Data, name: string, opts: { set?: Data; between?: (row: Row) => Promise<void> } = {}): Promise<Row> {
    enabled(def, 'create');
    const t = def.states?.transitions[name];
    if (!t) throw notFound('notFound');
    requirePermission(ctx, permissionCode(def, 'add'));
    requirePermission(ctx, permissionCode(def, t.permission ?? name));
    return createAndTransition(ctx, def, body, name, opts);
  },

  /** A state transition (POST /:id/<name>): its permission, the from-state check, its hook, the state written. */
  async transition(ctx: Ctx, def: AnyEntity, id: number, name: string, body: Data = {}): Promise<Row> {
    const t = def.states?.transitions[name];
    if (!t) throw notFound('notFound');
    requirePermission(ctx, permissionCode(def, t.permission ?? name));
    return runTransition(ctx, def, id, name, body);
  },

  /**
   * A named action (POST /:id/<name>): its permission and hook; answers what the hook answers. With `locked`, the
   * row as the caller's transaction locked or wrote it and has not changed since: it is not locked and read again.
   */
  async action(ctx: Ctx, def: AnyEntity, id: number, name: string, body: Data = {}, opts: { locked?: Row } = {}): Promise<unknown> {
    if (!def.actions?.[name] || !hooksOf(def).actions?.[name]) throw notFound('notFound');
    requirePermission(ctx, permissionCode(def, name));
    return runAction(ctx, def, id, name, body, opts.locked);
  },

  /**
   * Writes fields the server computes (amounts paid and due, a state derived from them: paid, returned, overdue)
   * on a record, the one way a document's row changes outside a client's update: locked, `version` and updated_*
   * set, audited as `audit` (the changed fields before and after) by the acting user. Needs the permission
   * `permission` (default: `audit`, e.g. the action doing it). No client validation and no hooks: the caller is
   * the business that computed the values. With `when`, a row it refuses (checked under the lock) is left as it
   * is and the answer is null. With `locked`, the row as the caller's transaction locked it (FOR UPDATE) and has
   * not changed since (an action's row): it is not locked and read again.
   */
  async write(ctx: Ctx, def: AnyEntity, id: number, set: Data, opts: { audit: string; permission?: string; when?: (row: Row) => boolean; locked?: Row }): Promise<Row | null> {
    requirePermission(ctx, permissionCode(def, opts.permission ?? opts.audit));
    const keys = Object.keys(set);
    for (const k of keys) if (!def.fields[k] || def.fields[k]!.kind === 'refs' || def.fields[k]!.virtual) throw new Error(`${def.name}: ${k} is not a column field`);
    return withTx(ctx.db, async (tx) => {
      const locked = opts.locked?.id === id ? opts.locked : await lockRow(tx, ctx, def, id);
      if (opts.when && !opts.when(locked)) return null;
      // before: the locked row as read; after: the UPDATE's RETURNING (titles included): three round trips in all,
      // two with `locked`
      const before = present(ctx, def, { ...locked });
      const after = await updateColumns(tx, ctx, def, id, set);
      const pick = (r: Row) => Object.fromEntries(keys.map((k) => [k, r[k] ?? null]));
      await recordAudit(tx, ctx, def, id, opts.audit, pick(before), pick(after));
      return after;
    });
  },
};
