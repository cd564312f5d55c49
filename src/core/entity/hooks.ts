import type { SQL } from 'drizzle-orm';
import type { Ctx } from '../http/context';
import type { Tx } from '../db/tx';
import type { AnyEntity } from './define';
import type { Label } from '../i18n/locale';
import { modules } from '../../modules/registry';

/**
 * Typed business hooks an entity may add to the generic operations. Registered by importing the function
 * (never looked up by name strings from data). Each runs inside the operation's transaction; throwing an
 * AppError aborts the whole operation, so nothing is half-saved.
 */
export type Row = Record<string, unknown> & { id: number; version: number };
export type Data = Record<string, unknown>;

export interface EntityHooks {
  /**
   * Replaces the generic create behind POST /api/<module>/<path> (after the add permission and the idempotency
   * claim), e.g. to create and post a journal entry in one request. Runs its own transaction(s).
   */
  create?(ctx: Ctx, body: unknown): Promise<Row>;
  /**
   * Replaces the generic create-and-transition (insert, then the transition, in one transaction) for the
   * definition's `states.onCreate`, after the permission checks: e.g. a journal entry written posted by one
   * statement batched with others. Runs its own transaction(s).
   */
  createAndTransition?(ctx: Ctx, body: unknown, name: string): Promise<Row>;
  /**
   * Adjust or check validated input before insert. `next`: the transition the same transaction runs right after
   * the insert (createAndTransition), so the hook may read what it needs for it at once.
   */
  beforeCreate?(ctx: Ctx, tx: Tx, data: Data, next?: string): Promise<void> | void;
  /**
   * beforeCreate for many rows at once (an import's batch), set-based: each row left as beforeCreate would leave
   * it, and a throw where beforeCreate would throw for any of them. Optional: without it, the composed hook runs the
   * registration's beforeCreate row by row.
   */
  beforeCreateMany?(ctx: Ctx, tx: Tx, rows: Data[]): Promise<void> | void;
  /** Writes other rows the new record brings (its lines, a parent's counts); never the record's own row, which is
   * answered as inserted (crud.service.ts, no read back). */
  afterCreate?(ctx: Ctx, tx: Tx, row: Row): Promise<void> | void;
  /** `changes` holds only the validated fields the client sent; `before` the locked current row. */
  beforeUpdate?(ctx: Ctx, tx: Tx, changes: Data, before: Row): Promise<void> | void;
  afterUpdate?(ctx: Ctx, tx: Tx, row: Row, before: Row): Promise<void> | void;
  beforeDelete?(ctx: Ctx, tx: Tx, row: Row): Promise<void> | void;
  /**
   * Business of a state transition, run after the from-state check and before the state is written. Returns the
   * fields to set with the state, or, having written the transition in its own last statement through `write`
   * (given by the generic transition), `write.done(...)`.
   */
  transitions?: Record<string, (ctx: Ctx, tx: Tx, row: Row, body: Data, write?: TransitionWrite) => Promise<Data | TransitionDone | void> | Data | TransitionDone | void>;
  /** Named actions on one record: POST /:id/<name>. Return the answer body. */
  actions?: Record<string, (ctx: Ctx, tx: Tx, row: Row, body: Data) => Promise<unknown> | unknown>;
  /** The spec's wording for a unique index violation on a field (e.g. barcode: "Barcode already used"). */
  uniqueMessages?: Record<string, Label>;
  /** Turns the row into what the API answers (e.g. adds computed totals). */
  present?(ctx: Ctx, row: Row): Row;
  /**
   * The rows this user may see, beyond being the company's (a cashier: the sessions of the branches listing them): a
   * condition on the entity's own columns (unqualified, quoted), `?` for each of its ids. Every generic read applies
   * it: the list, its count, the export, a record, a lock (so an update, a transition, an action). Undefined: all
   * of the company's rows.
   */
  rowScope?(ctx: Ctx): RowScope | undefined;
}

/**
 * For a hot path that must hold its locks as briefly as possible (a delivery's ledger and counter locks): the
 * transition's own writes (the row's UPDATE RETURNING it with its reference titles, and the audit rows) as CTEs
 * of the hook's last statement, instead of two more round trips after it. `set`: fields and values (as for the
 * usual update); `late`: fields whose values are SQL over that statement (e.g. a number it takes); `from`: a FROM
 * item of it with one row once it wrote (nothing is written otherwise); `lateTitles`: the titles of late
 * references (a row that statement writes is not visible to a title's subquery). The statement must select
 * `select` and join `join` (ON true); the hook then returns `done(<that statement's row>)`. Not for entities with
 * a present hook that derives fields from the written ones.
 */
/** A condition on an entity's own columns, `?` for each of `params` (ids: the list's planned-once search binds them as int). */
export interface RowScope { text: string; params: number[] }

export interface TransitionWrite {
  sql(set: Data, late: Record<string, SQL>, from: string, lateTitles?: Record<string, SQL>): { ctes: SQL; select: SQL; join: SQL };
  done(raw: Record<string, unknown>): TransitionDone;
  /**
   * That statement may also commit the transaction (nothing is written after it): see execPrepared's `commit`.
   * If it throws CommitRefused, the generic layer runs the whole operation again with `commit` false.
   */
  commit: boolean;
}

/** A transition written by its hook through TransitionWrite: the row of its statement. */
export class TransitionDone {
  constructor(readonly raw: Record<string, unknown>) {}
}

/**
 * Hooks compose: several modules may register hooks for one entity (inventory and sales on a product), and all of
 * them run. The order is the module order of src/modules/registry.ts (the registering module: `opts.module`, by
 * default the entity's own), then the order of registration. Per kind:
 * - beforeCreate, afterCreate, beforeUpdate, afterUpdate, beforeDelete: every one runs, in that order, in the
 *   operation's transaction (the first to throw aborts the operation).
 * - beforeCreateMany (composed whenever a registration has it or beforeCreate): each registration in that order,
 *   through its own beforeCreateMany, else its beforeCreate once per row.
 * - present: chained in that order, each gets what the previous one answered.
 * - transitions and actions: one owner per name; a second registration of the same name throws at start-up.
 * - create and createAndTransition (they replace the generic operation): one owner; a second throws at start-up.
 * - uniqueMessages: merged; the same field twice throws at start-up.
 * - rowScope: every one applies (their conditions ANDed).
 */
interface Registration { module: string; seq: number; hooks: EntityHooks }
const registrations = new Map<string, Registration[]>();
const composed = new Map<string, EntityHooks>();
let seq = 0;

/** A module's place in the registry's order (an unknown module after every known one). */
function moduleRank(key: string): number {
  const i = modules.findIndex((m) => m.key === key);
  return i < 0 ? modules.length : i;
}

const OWNED = ['create', 'createAndTransition'] as const;

export function registerHooks(def: AnyEntity, hooks: EntityHooks, opts: { module?: string } = {}): void {
  const list = registrations.get(def.name) ?? [];
  for (const r of list) {
    for (const k of OWNED) if (r.hooks[k] && hooks[k]) throw new Error(`${def.name}: the ${k} hook is registered twice (${r.module}, ${opts.module ?? def.module})`);
    for (const k of ['transitions', 'actions', 'uniqueMessages'] as const)
      for (const name of Object.keys(hooks[k] ?? {}))
        if (r.hooks[k] && name in r.hooks[k]!) throw new Error(`${def.name}: ${k} ${name} is registered twice (${r.module}, ${opts.module ?? def.module})`);
  }
  list.push({ module: opts.module ?? def.module, seq: seq++, hooks });
  registrations.set(def.name, list);
  composed.delete(def.name);
}

type Step<A extends unknown[]> = (...args: A) => Promise<void> | void;

/** The steps of one kind as one function, or undefined when none is registered (callers test for presence). */
function inOrder<A extends unknown[]>(steps: (Step<A> | undefined)[]): Step<A> | undefined {
  const fs = steps.filter((f): f is Step<A> => !!f);
  if (fs.length <= 1) return fs[0];
  return async (...args: A) => {
    for (const f of fs) await f(...args);
  };
}

function compose(list: Registration[]): EntityHooks {
  const rs = [...list].sort((a, b) => moduleRank(a.module) - moduleRank(b.module) || a.seq - b.seq).map((r) => r.hooks);
  const out: EntityHooks = {};
  const set = <K extends keyof EntityHooks>(k: K, v: EntityHooks[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  set('beforeCreate', inOrder(rs.map((h) => h.beforeCreate)));
  set('beforeCreateMany', inOrder(rs.map((h): Step<[Ctx, Tx, Data[]]> | undefined => {
    if (h.beforeCreateMany) return h.beforeCreateMany.bind(h);
    const one = h.beforeCreate;
    return one ? async (ctx, tx, rows) => { for (const d of rows) await one.call(h, ctx, tx, d); } : undefined;
  })));
  set('afterCreate', inOrder(rs.map((h) => h.afterCreate)));
  set('beforeUpdate', inOrder(rs.map((h) => h.beforeUpdate)));
  set('afterUpdate', inOrder(rs.map((h) => h.afterUpdate)));
  set('beforeDelete', inOrder(rs.map((h) => h.beforeDelete)));
  for (const k of OWNED) set(k, rs.find((h) => h[k])?.[k]);
  const presents = rs.map((h) => h.present).filter((f): f is NonNullable<EntityHooks['present']> => !!f);
  set('present', presents.length <= 1 ? presents[0] : (ctx, row) => presents.reduce((r, f) => f(ctx, r), row));
  for (const k of ['transitions', 'actions', 'uniqueMessages'] as const) {
    const merged = Object.assign({}, ...rs.map((h) => h[k] ?? {}));
    if (Object.keys(merged).length) set(k, merged);
  }
  const scopes = rs.map((h) => h.rowScope).filter((f): f is NonNullable<EntityHooks['rowScope']> => !!f);
  set('rowScope', scopes.length <= 1 ? scopes[0] : (ctx) => {
    const all = scopes.map((f) => f(ctx)).filter((x): x is RowScope => !!x);
    return all.length ? { text: all.map((x) => `(${x.text})`).join(' AND '), params: all.flatMap((x) => x.params) } : undefined;
  });
  return out;
}

/** The entity's hooks, composed from every registration (see above); computed once per change of registrations. */
export function hooksOf(def: AnyEntity): EntityHooks {
  let h = composed.get(def.name);
  if (!h) {
    const list = registrations.get(def.name);
    h = list ? compose(list) : {};
    composed.set(def.name, h);
  }
  return h;
}
