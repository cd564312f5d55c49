import type { AnyEntity } from '../../../core/entity/define';
import type { Row } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { dm, docError } from './documents.messages';

/**
 * A stock document is edited only in its first state (pending / draft): after that its number, moves and entry
 * exist and it changes only through its transitions (409 otherwise). It is deleted only while it has no number
 * and nothing posted: in its first state, or cancelled / rejected before being numbered.
 */
function initialLabel(ctx: Ctx, def: AnyEntity): string {
  const st = def.states!;
  const field = def.fields[st.field];
  const opt = field && field.kind === 'enum' ? field.options.find((o) => o.value === st.initial) : undefined;
  return opt ? opt.label[ctx.locale] : st.initial;
}

export function assertEditable(ctx: Ctx, def: AnyEntity, row: Row): void {
  if (row[def.states!.field] !== def.states!.initial) throw docError(dm.notEditable, { state: initialLabel(ctx, def) }, ctx.locale, '_', 409);
}

export function assertDeletable(ctx: Ctx, def: AnyEntity, row: Row): void {
  const state = row[def.states!.field];
  if (row.number || row.entryId) throw docError(dm.numberedNoDelete, {}, ctx.locale, '_', 409);
  if (state !== def.states!.initial && state !== 'cancelled' && state !== 'rejected') throw docError(dm.notEditable, { state: initialLabel(ctx, def) }, ctx.locale, '_', 409);
}
