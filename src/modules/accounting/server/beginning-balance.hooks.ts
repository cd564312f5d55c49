import { registerHooks } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import type { Tx } from '../../../core/db/tx';
import type { Data } from '../../../core/entity/hooks';
import { beginningBalance } from '../model/beginning-balance.entity';
import { checkEntry, postEntry, reverseEntry } from './ledger.post';
import { loadSettings, setting } from './settings.service';

/** Opening balances: drafts are checked like entries (a difference is refused); posting makes the opening entry. */
async function journalOf(ctx: Ctx, tx: Tx, journalId: unknown): Promise<number> {
  if (typeof journalId === 'number') return journalId;
  return setting(await loadSettings(tx, ctx.companyId), 'openingJournalId', ctx.locale);
}

async function check(ctx: Ctx, tx: Tx, target: Data, v: { journalId: unknown; date: unknown; lines: unknown }) {
  const journalId = await journalOf(ctx, tx, v.journalId);
  const c = await checkEntry(tx, ctx, { journalId, date: v.date as string, lines: v.lines as unknown[] });
  Object.assign(target, { journalId, lines: c.lines, totalDebit: c.totalDebit, totalCredit: c.totalCredit });
}

registerHooks(beginningBalance, {
  beforeCreate: (ctx, tx, data) => check(ctx, tx, data, { journalId: data.journalId, date: data.date, lines: data.lines }),
  async beforeUpdate(ctx, tx, changes, before) {
    await check(ctx, tx, changes, { journalId: changes.journalId ?? before.journalId, date: changes.date ?? before.date, lines: changes.lines ?? before.lines });
  },
  transitions: {
    async post(ctx, tx, row) {
      const journalId = await journalOf(ctx, tx, row.journalId);
      const e = await postEntry(tx, ctx, {
        journalId, date: row.date as string, reference: (row.reference as string | null) ?? null,
        source: { type: 'beginningBalance', id: row.id }, lines: row.lines as unknown[],
      });
      return { entryId: e.id, journalId };
    },
    async cancel(ctx, tx, row) {
      if (row.status === 'posted' && typeof row.entryId === 'number') await reverseEntry(tx, ctx, row.entryId);
    },
    resetToDraft: () => ({ entryId: null }),
  },
});
