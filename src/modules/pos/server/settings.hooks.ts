import { sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/tx';
import { type Data, registerHooks } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { AppError } from '../../../core/http/errors';
import { type Label, fill } from '../../../core/i18n/locale';
import { messages } from '../../../core/i18n/messages';
import { pm } from '../messages';
import { posSettings } from '../model/pos-settings.entity';
import { accountStates } from './entries';

/**
 * INVARIANT: a change of the POS settings (the singleton is only ever updated: /pos/settings, PATCH
 * /api/pos/settings/:id) names what a till sale and a session's close can use. Each setting a change sends must be:
 * - present: none can be emptied (a sale without a walk-in customer, a close without its difference accounts would
 *   be refused later, far from the cause);
 * - the walk-in customer: a contact with the customer role;
 * - the shortage account: an active EXPENSE account without sub-accounts (a shortage is debited to it); the overage
 *   account: an active INCOME account without sub-accounts (an overage is credited to it);
 * - a record of the company: another company's (or none) answers "<field>: the selected record does not exist", as
 *   the generic reference check (which runs after this hook) would, but as the error's message, not only the field's.
 * Every problem found is answered at once, on its field, in the caller's language (422; the message: the first
 * problem), and nothing is saved. The form's pickers offer only what fits (the definition's ref `filters`), but a
 * client may send any id. Not covered: a record changed afterwards (the contact's customer role removed, the account
 * deactivated or given sub-accounts); a close then meets accounting's own refusal of the account (postEntry).
 */
const ACCOUNTS = { shortageAccountId: { type: 'expense', message: pm.shortageNotExpense }, overageAccountId: { type: 'income', message: pm.overageNotIncome } } as const;
type Key = keyof typeof posSettings.fields;

/** The message with the setting's label in each language. */
function problem(key: Key, message: Label): Label {
  const field = posSettings.fields[key].label;
  return { en: fill(message.en, { field: field.en }), ar: fill(message.ar, { field: field.ar }) };
}

async function checkSettings(ctx: Ctx, tx: Tx, changes: Data): Promise<void> {
  const found: [Key, Label][] = [];
  const sent = (Object.keys(posSettings.fields) as Key[]).filter((k) => k in changes);
  for (const k of sent) if (changes[k] === null || changes[k] === undefined) found.push([k, problem(k, messages.required)]);

  const customer = changes.walkInCustomerId;
  if (typeof customer === 'number') {
    const r = await tx.execute(sql`SELECT is_customer AS "isCustomer" FROM contacts WHERE company_id = ${ctx.companyId} AND id = ${customer}`);
    const row = r.rows[0] as { isCustomer: boolean } | undefined;
    if (!row) found.push(['walkInCustomerId', problem('walkInCustomerId', messages.refNotFound)]);
    else if (!row.isCustomer) found.push(['walkInCustomerId', problem('walkInCustomerId', pm.walkInNotCustomer)]);
  }

  const accounts = (Object.keys(ACCOUNTS) as (keyof typeof ACCOUNTS)[]).filter((k) => typeof changes[k] === 'number');
  if (accounts.length) {
    const states = await accountStates(tx, ctx.companyId, accounts.map((k) => changes[k] as number));
    for (const k of accounts) {
      const a = states.get(changes[k] as number);
      if (!a) found.push([k, problem(k, messages.refNotFound)]);
      else if (!a.postable || a.type !== ACCOUNTS[k].type) found.push([k, problem(k, ACCOUNTS[k].message)]);
    }
  }

  if (found.length) throw new AppError(422, 'validation', found[0]![1], Object.fromEntries(found));
}

registerHooks(posSettings, { beforeUpdate: (ctx, tx, changes) => checkSettings(ctx, tx, changes) });
