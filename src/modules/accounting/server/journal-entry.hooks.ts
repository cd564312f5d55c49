import { presentReturned } from '../../../core/entity/crud.read';
import { validate } from '../../../core/entity/crud.service';
import { type Row, registerHooks } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { journalEntry } from '../model/journal-entry.entity';
import { checkEntry, postDraftEntry, postEntryNow, reverseEntry } from './ledger.post';

/**
 * Drafts are checked like postings (nothing unbalanced is saved); posted and cancelled entries never change (409).
 * POST /journal-entries with `"post": true` (the definition's `states.onCreate`; the generic create checks the post
 * permission besides add) creates the entry already posted in one request: instead of a draft then its post, one
 * write batched with the entries other requests post meanwhile (postEntryNow: the same checks and ledger write as
 * postEntry, the path other modules use).
 */
async function createPosted(ctx: Ctx, body: unknown): Promise<Row> {
  const data = validate(ctx, journalEntry, body, 'create');
  const input = { journalId: data.journalId as number, date: data.date as string, reference: (data.reference as string | undefined) ?? null, lines: data.lines as unknown[] };
  return presentReturned(ctx, journalEntry, (await postEntryNow(ctx, input)).row);
}

registerHooks(journalEntry, {
  createAndTransition: (ctx, body) => createPosted(ctx, body),
  async beforeCreate(ctx, tx, data) {
    const c = await checkEntry(tx, ctx, { journalId: data.journalId as number, date: data.date as string, lines: data.lines as unknown[] });
    Object.assign(data, { lines: c.lines, totalDebit: c.totalDebit, totalCredit: c.totalCredit });
  },
  async beforeUpdate(ctx, tx, changes, before) {
    const merged = { journalId: (changes.journalId ?? before.journalId) as number, date: (changes.date ?? before.date) as string, lines: (changes.lines ?? before.lines) as unknown[] };
    const c = await checkEntry(tx, ctx, merged);
    Object.assign(changes, { lines: c.lines, totalDebit: c.totalDebit, totalCredit: c.totalCredit });
  },
  transitions: {
    async post(ctx, tx, row) {
      await postDraftEntry(tx, ctx, row);
    },
    async cancel(ctx, tx, row, body) {
      const date = typeof body.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(body.date) ? body.date : undefined;
      await reverseEntry(tx, ctx, row.id, { date });
    },
  },
});
