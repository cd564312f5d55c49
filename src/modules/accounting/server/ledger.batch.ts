import { AsyncResource } from 'node:async_hooks';
import type { Database } from '../../../core/db/connect';
import { DatabaseUnavailable, isConnectionError } from '../../../core/db/outage';
import { AlreadyDone, type RequestKey, keyToWrite, serverKey } from '../../../core/db/request-key';
import { keyCommitted } from '../../../core/db/tx';
import { noteWrites, sessionToNote } from '../../../core/db/write-lsn';
import { type EntryToWrite, type Written, writeEntries } from './ledger.write';

/**
 * Group commit for the API's one-request postings. A posting holds its journal's chain lock and number counter
 * until its commit, so one commit (one WAL flush, milliseconds on a real disk) per entry caps a journal at a few
 * hundred entries a second however many clients post. Entries that requests of this process post on the same
 * journal and date (so the same fiscal year) while a batch is being written wait for it, then go together: one
 * statement outside any transaction (writeEntries: checks, chain lock, numbers and hashes in order, rows), so one
 * round trip and one commit. Every request still gets its own entry or its own error.
 *
 * Cannot double: each entry's request key (core/db/request-key.ts) is inserted by the same statement, so the batch's
 * keys exist exactly when its entries committed. When a batch fails:
 * - the connection broke (its reply may be lost after PostgreSQL committed): one key is looked up on a fresh
 *   connection. Present: the whole batch committed, and each request is answered from its committed entry
 *   (AlreadyDone, re-read by the HTTP layer). Absent: nothing was written, and each entry is posted on its own.
 *   The lookup itself failing is DatabaseUnavailable (503: the client retries with its key, which then knows);
 * - anything else (a gate refusal, a deadlock, a key already used): each entry is posted on its own (`alone`), in
 *   its own request's context, whose transaction inserts the same key first: a key that committed meanwhile makes
 *   it AlreadyDone, never a second entry.
 * Other processes post beside this one as before; the chain lock orders them.
 */
const MAX_BATCH = 50;

interface Job { entry: EntryToWrite & { key: RequestKey }; session?: string; alone: () => Promise<Written>; resolve: (w: Written) => void; reject: (e: unknown) => void }

const queues = new WeakMap<Database, Map<string, Job[]>>();

export function postBatched(entry: EntryToWrite, alone: () => Promise<Written>): Promise<Written> {
  const { ctx, c } = entry;
  let byKey = queues.get(ctx.db);
  if (!byKey) queues.set(ctx.db, (byKey = new Map()));
  // The caller's language is part of the key: the answer carries the journal's title in it.
  const key = [ctx.companyId, c.journalId, c.date, ctx.locale].join(':');
  const requestKey = keyToWrite() ?? serverKey(ctx.companyId);
  return new Promise<Written>((resolve, reject) => {
    // `alone` runs in its own request's context (its key, its scope), whichever request drains the queue
    const job = { entry: { ...entry, key: requestKey }, session: sessionToNote(ctx.db), alone: AsyncResource.bind(alone), resolve, reject };
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
    let failure: unknown = null;
    const written = await writeEntries(db.orm, batch.map((j) => j.entry)).catch((e: unknown) => ((failure = e), null));
    if (written) {
      // with a replica, each request's session notes the WAL position past the batch's commit before it is
      // answered (read your writes: write-lsn.ts); the next batch does not wait for it
      void noteWrites(db, batch.map((j) => j.session)).then(() => batch.forEach((j, i) => {
        j.entry.key.written = true;
        j.resolve(written[i]!);
      }));
      continue;
    }
    if (failure && isConnectionError(failure)) {
      const committed = await keyCommitted(db, batch[0]!.entry.key).catch((e: unknown) => e);
      if (committed !== false) {
        for (const j of batch) {
          if (committed === true) j.entry.key.written = true;
          j.reject(committed === true ? new AlreadyDone(j.entry.key) : new DatabaseUnavailable(committed));
        }
        continue;
      }
    }
    await Promise.all(batch.map((j) => j.alone().then(j.resolve, j.reject)));
  }
}
