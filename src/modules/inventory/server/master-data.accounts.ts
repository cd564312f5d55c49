import type { Tx } from '../../../core/db/tx';
import type { AnyEntity } from '../../../core/entity/define';
import type { Data } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { tr } from '../../../core/i18n/locale';
import { accountStates } from '../../accounting';
import { fieldError, mm } from './master-data.messages';

/**
 * Accounts named on products, categories and the inventory settings must be able to take postings: an active
 * leaf account. Accounts of another company are left to the generic reference check (422 on the field).
 */
export async function checkPostableAccounts(ctx: Ctx, tx: Tx, def: AnyEntity, data: Data, keys: string[]): Promise<void> {
  await checkPostableAccountsOf(ctx, tx, def, [data], keys);
}

/** The same check for many rows (an import's batch): one read of every account they name, then row by row. */
export async function checkPostableAccountsOf(ctx: Ctx, tx: Tx, def: AnyEntity, rows: Data[], keys: string[]): Promise<void> {
  const ids = [...new Set(rows.flatMap((d) => keys.filter((k) => typeof d[k] === 'number').map((k) => d[k] as number)))];
  if (!ids.length) return;
  const found = await accountStates(tx, ctx.companyId, ids);
  for (const data of rows) {
    for (const k of keys) {
      if (typeof data[k] !== 'number') continue;
      const a = found.get(data[k] as number);
      if (a && !a.postable)
        throw fieldError(mm.accountNotPostable, ctx.locale, k, 422, { field: tr(def.fields[k]!.label, ctx.locale) });
    }
  }
}
