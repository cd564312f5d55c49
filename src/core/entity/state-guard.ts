import type { AnyEntity } from './define';
import { refusedOp } from './allowed-ops';
import type { Row } from './hooks';
import type { Ctx } from '../http/context';
import { conflict, notFound } from '../http/errors';
import { type Label, type Locale, tr } from '../i18n/locale';
import { messages } from '../i18n/messages';

/**
 * The server's side of allowedOps: an edit or delete of `row` (locked by the caller) that the definition does not
 * allow answers 404 (no such operation) or 409 (its state, or a field that keeps it), in the caller's language.
 * The permission was checked before, by the route (`requirePermission` of the same code, or a route's own rule such
 * as one's own profile), so it is taken as granted here. The web hides the same buttons by the same function, so a
 * 409 here means the page was stale.
 */
const OR: Label = { en: ' or ', ar: ' أو ' };

/** The labels of `states` (the state field's options), joined with "or". */
function stateLabels(def: AnyEntity, states: string[], locale: Locale): string {
  const field = def.fields[def.states!.field];
  const label = (s: string) => {
    const opt = field?.kind === 'enum' ? field.options.find((o) => o.value === s) : undefined;
    return opt ? tr(opt.label, locale) : s;
  };
  return states.map(label).join(tr(OR, locale));
}

export function assertAllowed(ctx: Ctx, def: AnyEntity, row: Row, op: 'edit' | 'delete'): void {
  const why = refusedOp(def, row, op, () => true);
  if (why === null) return;
  if (why === 'operation') throw notFound('notFound');
  if (why === 'blocked') throw conflict('deleteBlocked');
  const st = def.states!;
  const allowed = op === 'edit' ? st.editableIn : st.deletableIn;
  throw conflict(st.lockedMessage ?? 'notEditableInState', { state: stateLabels(def, allowed, ctx.locale) });
}
