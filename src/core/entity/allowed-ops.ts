import { type AnyEntity, permissionCode } from './define';

/**
 * What a user may do to one record: edit, delete and which transitions, from the definition alone (its operations,
 * its states' `editableIn` / `deletableIn` / `deleteBlockedBy` / transitions' `from`) and the user's permissions.
 * Isomorphic, and the ONE place the rule lives: the server refuses what it refuses (crud.service's update and
 * delete call `refusedOp` through state-guard.ts) and the web offers only what it allows (list, detail, form), so
 * a button the page shows is one the server accepts.
 */
export interface AllowedOps {
  edit: boolean;
  delete: boolean;
  /** Transition names, in the definition's order. */
  transitions: string[];
}

/** Why an edit or delete of a record is refused: no operation, no permission, its state, or a field that keeps it. */
export type Refusal = 'operation' | 'permission' | 'state' | 'blocked';

type Can = (code: string) => boolean;
type RowLike = Record<string, unknown>;

const set = (v: unknown) => v !== null && v !== undefined && v !== '';

export function stateOf(def: AnyEntity, row: RowLike): string | undefined {
  return def.states ? String(row[def.states.field] ?? '') : undefined;
}

/** Why `op` on `row` would be refused for a user with `can`, or null when it would be accepted. */
export function refusedOp(def: AnyEntity, row: RowLike, op: 'edit' | 'delete', can: Can): Refusal | null {
  if ((op === 'edit' ? def.operations?.update : def.operations?.delete) === false) return 'operation';
  if (!can(permissionCode(def, op === 'edit' ? 'change' : 'delete'))) return 'permission';
  const st = def.states;
  if (!st) return null;
  if (!(op === 'edit' ? st.editableIn : st.deletableIn).includes(stateOf(def, row)!)) return 'state';
  if (op === 'delete' && st.deleteBlockedBy?.some((k) => set(row[k]))) return 'blocked';
  return null;
}

export function allowedOps(def: AnyEntity, row: RowLike, can: Can): AllowedOps {
  const state = stateOf(def, row);
  const transitions = Object.entries(def.states?.transitions ?? {})
    .filter(([name, t]) => t.from.includes(state!) && can(permissionCode(def, t.permission ?? name)))
    .map(([name]) => name);
  return { edit: refusedOp(def, row, 'edit', can) === null, delete: refusedOp(def, row, 'delete', can) === null, transitions };
}
