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
  /** Adjust or check validated input before insert. */
  beforeCreate?(ctx: Ctx, tx: Tx, data: Data): Promise<void> | void;
  afterCreate?(ctx: Ctx, tx: Tx, row: Row): Promise<void> | void;
  /** `changes` holds only the validated fields the client sent; `before` the locked current row. */
  beforeUpdate?(ctx: Ctx, tx: Tx, changes: Data, before: Row): Promise<void> | void;
  afterUpdate?(ctx: Ctx, tx: Tx, row: Row, before: Row): Promise<void> | void;
  beforeDelete?(ctx: Ctx, tx: Tx, row: Row): Promise<void> | void;
  /** Business of a state transition, run after the from-state check and before the state is written. */
  transitions?: Record<string, (ctx: Ctx, tx: Tx, row: Row, body: Data) => Promise<Data | void> | Data | void>;
  /** Named actions on one record: POST /:id/<name>. Return the answer body. */
  actions?: Record<string, (ctx: Ctx, tx: Tx, row: Row, body: Data) => Promise<unknown> | unknown>;
  /** The spec's wording for a unique index violation on a field (e.g. barcode: "Barcode already used"). */
  uniqueMessages?: Record<string, Label>;
  /** Turns the row into what the API answers (e.g. adds computed totals). */
  present?(ctx: Ctx, row: Row): Row;
}

const registry = new Map<string, EntityHooks>();

export function registerHooks(def: AnyEntity, hooks: EntityHooks): void {
  registry.set(def.name, hooks);
}

export function hooksOf(def: AnyEntity): EntityHooks {
  return registry.get(def.name) ?? {};
}
