import type { SQL } from 'drizzle-orm';
import type { Ctx } from '../http/context';
import type { Tx } from '../db/tx';
import type { AnyEntity } from './define';
import type { Label } from '../i18n/locale';

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

const registry = new Map<string, EntityHooks>();

export function registerHooks(def: AnyEntity, hooks: EntityHooks): void {
  registry.set(def.name, hooks);
}

export function hooksOf(def: AnyEntity): EntityHooks {
  return registry.get(def.name) ?? {};
}
