import { registerHooks } from '../../../core/entity/hooks';
import { fieldProblem } from '../../../core/http/errors';
import { messages } from '../../../core/i18n/messages';
import { posSettings } from '../model/pos-settings.entity';

/**
 * INVARIANT: no POS setting can be emptied (the singleton is only ever updated: /pos/settings, PATCH
 * /api/pos/settings/:id). A sale without a walk-in customer, a close without its difference accounts would be
 * refused later, far from the cause. Refused with 422 on the field ("<field> is required"), nothing saved. What each
 * setting may name (a customer; an active expense or income account without sub-accounts; the company's own) is the
 * fields' `filters`, enforced by the generic reference check (core/entity/crud.references.ts) with their messages.
 * Not covered: a record changed afterwards (the contact's customer role removed, the account deactivated or given
 * sub-accounts); a close then meets accounting's own refusal of the account (postEntry).
 */
type Key = keyof typeof posSettings.fields;

registerHooks(posSettings, {
  beforeUpdate: (_ctx, _tx, changes) => {
    const emptied = (Object.keys(posSettings.fields) as Key[]).find((k) => k in changes && (changes[k] === null || changes[k] === undefined));
    if (emptied) throw fieldProblem(422, emptied, posSettings.fields[emptied].label, messages.required);
  },
});
