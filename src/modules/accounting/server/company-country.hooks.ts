import { eq, sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import { forgetInTx } from '../../../core/db/tx-memo';
import { registerHooks } from '../../../core/entity/hooks';
import { conflict } from '../../../core/http/errors';
import { company } from '../../admin/model/company.entity';
import { accountingSettings } from '../model/accounting-settings.entity';
import { packOf } from '../model/country-packs/packs';
import { journalEntry } from '../model/journal-entry.entity';
import { applyPackAccounts } from './default-chart';

/**
 * A company's country pack is chosen for good once its books hold an entry: changing `companies.country` then is a
 * 409 (both languages). Before any entry, the new pack's
 * accounts and taxes the company lacks are added (nothing removed: the old ones stay, to deactivate by hand) and
 * the settings take its default tax rate and, where unset, its tax accounts.
 */
const fixed = {
  en: 'The country cannot change once journal entries exist: its chart of accounts and taxes are in use',
  ar: 'لا يمكن تغيير الدولة بعد وجود قيود يومية: دليل الحسابات والضرائب الخاصة بها مستخدمة',
};

registerHooks(company, {
  async beforeUpdate(ctx, tx, changes, before) {
    if (!('country' in changes) || changes.country === before.country) return;
    const je = tableOf(journalEntry);
    const [any] = await tx.select({ one: sql`1` }).from(je).where(eq(je.companyId, ctx.companyId)).limit(1);
    if (any) throw conflict(fixed);
    const pack = packOf(String(changes.country));
    const acc = await applyPackAccounts(tx, { companyId: ctx.companyId, createdBy: ctx.user.id, updatedBy: ctx.user.id }, pack);
    const s = tableOf(accountingSettings);
    const code = (c: string | null) => (c ? acc.get(c) ?? null : null);
    await tx.update(s).set({
      defaultTaxRate: pack.defaultTaxRate,
      taxAccountId: sql`coalesce(${s.taxAccountId}, ${code(pack.taxAccounts.output)}::int)`,
      purchaseTaxAccountId: sql`coalesce(${s.purchaseTaxAccountId}, ${code(pack.taxAccounts.input)}::int)`,
      version: sql`${s.version} + 1`,
    }).where(eq(s.companyId, ctx.companyId));
    // written by hand here: this transaction's memoised reads of them are read again (core/db/tx-memo.ts)
    forgetInTx(tx, 'accountingSettings');
    forgetInTx(tx, 'tax');
  },
}, { module: 'accounting' });
