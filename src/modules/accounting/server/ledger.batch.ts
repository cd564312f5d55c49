import type { Database } from '../../../core/db/connect';
import { type EntryToWrite, type Written, writeEntries } from './ledger.write';

/**
 * Group commit for the API's one-request postings. A posting holds its journal's chain lock and number counter
 * until its commit, so one commit (one WAL flush, milliseconds on a real disk) per entry caps a journal at a few
 * hundred entries a second however many clients post. Entries that requests of this process post on the same
 * journal and date (so the same fiscal year) while a batch is being written wait for it, then go together: one
 * statement outside any transaction (writeEntries: checks, chain lock, numbers and hashes in order, rows), so one
 * round trip and one commit. Every request still gets its own entry or its own error: if a batch fails in any way
 * (a gate refusal, a deadlock, anything), each of its entries is posted again on its own (`alone`). Other
 * processes post beside this one as before; the chain lock orders them.
 */
const MAX_BATCH = 50;

interface Job { entry: EntryToWrite; alone: () => Promise<Written>; resolve: (w: Written) => void; reject: (e: unknown) => void }

const queues = new WeakMap<Database, Map<string, Job[]>>();

export function postBatched(entry: EntryToWrite, alone: () => Promise<Written>): Promise<Written> {
  const { ctx, c } = entry;
  let byKey = queues.get(ctx.db);
  if (!byKey) queues.set(ctx.db, (byKey = new Map()));
  // The caller's language is part of the key: the answer carries the journal's title in it.
  const key = [ctx.companyId, c.journalId, c.date, ctx.locale].join(':');
  return new Promise<Written>((resolve, reject) => {
    const job = { entry, alone, resolve, reject };
    const waiting = byKey.get(key);
    if (waiting) waiting.push(job);
    else {
      byKey.set(key, [job]);
      void drain(ctx.db, byKey, key);
    }
  });
}

/** Writes the queue of `key` batch after batch until it is empty (a queue present in the map = a writer running). */
async function drain(db: Database, byKey: Map<string, Job[]>, key: string): Promise<void> {
  for (;;) {
    const jobs = byKey.get(key)!;
    if (!jobs.length) {
      byKey.delete(key);
      return;
    }
    const batch = jobs.splice(0, MAX_BATCH);
    const written = await writeEntries(db.orm, batch.map((j) => j.entry)).catch(() => null);
    if (written) batch.forEach((j, i) => j.resolve(written[i]!));
    else await Promise.all(batch.map((j) => j.alone().then(j.resolve, j.reject)));
  }
}
