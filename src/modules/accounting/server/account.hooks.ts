import { and, eq, ne, sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { registerHooks } from '../../../core/entity/hooks';
import { account } from '../model/account.entity';
import { ledgerError } from './ledger.validate';
import { am } from './messages';

/**
 * Keeps the chart a tree whose leaves take postings: isLeaf is maintained here; an account with postings cannot
 * get sub-accounts or be deleted; a parent cannot be the account itself or one of its descendants.
 */
const at = () => tableOf(account);

export async function hasPostings(tx: Tx, accountId: number): Promise<boolean> {
  const r = await tx.execute(sql`SELECT 1 FROM journal_lines WHERE account_id = ${accountId} LIMIT 1`);
  return r.rows.length > 0;
}

async function checkParent(ctx: Ctx, tx: Tx, parentId: number, selfId?: number): Promise<void> {
  const t = at();
  const [p] = await tx.select({ id: t.id }).from(t).where(and(eq(t.id, parentId), eq(t.companyId, ctx.companyId))).for('update');
  if (!p) return; // the generic reference check answers 422
  if (selfId !== undefined) {
    const r = await tx.execute(sql`
      WITH RECURSIVE up(id, parent_id) AS (SELECT id, parent_id FROM accounts WHERE id = ${parentId}
        UNION ALL SELECT a.id, a.parent_id FROM accounts a JOIN up ON a.id = up.parent_id)
      SELECT 1 FROM up WHERE id = ${selfId} LIMIT 1`);
    if (r.rows.length) throw ledgerError(am.parentLoop, {}, ctx.locale, 'parentId');
  }
  if (await hasPostings(tx, parentId)) throw ledgerError(am.parentHasPostings, {}, ctx.locale, 'parentId');
}

async function refreshLeaf(tx: Tx, id: unknown, excludeChild?: number): Promise<void> {
  if (typeof id !== 'number') return;
  const t = at();
  const cond = excludeChild ? and(eq(t.parentId, id), ne(t.id, excludeChild)) : eq(t.parentId, id);
  const kids = await tx.select({ id: t.id }).from(t).where(cond).limit(1);
  await tx.update(t).set({ isLeaf: kids.length === 0 }).where(eq(t.id, id));
}

registerHooks(account, {
  async beforeCreate(ctx, tx, data) {
    if (typeof data.parentId === 'number') await checkParent(ctx, tx, data.parentId);
  },
  async afterCreate(_ctx, tx, row) {
    await refreshLeaf(tx, row.parentId);
  },
  async beforeUpdate(ctx, tx, changes, before) {
    if (typeof changes.parentId === 'number' && changes.parentId !== before.parentId) await checkParent(ctx, tx, changes.parentId, before.id);
  },
  async afterUpdate(_ctx, tx, row, before) {
    if (row.parentId !== before.parentId) {
      await refreshLeaf(tx, row.parentId);
      await refreshLeaf(tx, before.parentId);
    }
  },
  async beforeDelete(ctx, tx, row) {
    const t = at();
    const kids = await tx.select({ id: t.id }).from(t).where(eq(t.parentId, row.id)).limit(1);
    if (kids.length) throw ledgerError(am.accountHasChildren, {}, ctx.locale, '_', 409);
    if (await hasPostings(tx, row.id)) throw ledgerError(am.accountHasPostings, {}, ctx.locale, '_', 409);
    await refreshLeaf(tx, row.parentId, row.id);
  },
});
