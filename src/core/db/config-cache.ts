import type { Database } from './connect';

/**
 * A company's configuration kept in this process's memory between requests: the reads every sale, invoice and
 * payment makes of rows that change a few times a year (the company, accounting and sales settings, taxes, price
 * lists, accounts and journals, by code; whether the company has an active e-invoicing unit, `zatcaUnit`). tx-memo.ts
 * serves them; this file holds what it keeps.
 *
 * What it guarantees: a read is answered from memory only for the version of the company's configuration that the
 * request's own session statement read (core/auth/sessions.ts, `config_versions`), and only what was read at that
 * version or later. The COMMIT of any transaction that wrote one of these tables bumps the version (a deferred
 * constraint trigger, migrations/0037_config_versions.sql), whoever wrote it: this server, another one, a script, psql.
 * So the next request on any server reads the change; a request that started before the change committed may
 * still use the configuration it began with, as if it had run just before.
 * - A transaction that wrote one of these entities itself reads them from the database until it ends, and the
 *   rest of its request does too (tx-memo.ts forgetInTx): its own writes are not yet committed for others.
 * - Reads made without a signed-in request (jobs, sign-up, scripts, tests calling services) are never kept.
 * - Kept values are frozen: a caller that changed one would change it for every later request (it throws instead).
 *   They must be plain data (objects, arrays, strings, numbers): keep a statement's rows, not its driver result.
 * - Memory is bounded: past MAX_ENTRIES per database everything kept is dropped and read again.
 * - A process or connection that dies loses nothing: this is a copy; the database stays the truth.
 */
export const VERSIONED = new Set(['company', 'accountingSettings', 'salesSettings', 'tax', 'priceList', 'account', 'journal', 'zatcaUnit']);
/** The versioned names that are no entity of the registry (rows written by hand-written code only), with their table. */
export const VERSIONED_TABLES: Record<string, string> = { zatcaUnit: 'zatca_units' };
const MAX_ENTRIES = 5_000;

type Entry = { version: string; value: Promise<unknown> };
const byDb = new WeakMap<Database, Map<string, Entry>>();

/** The value kept for `key` at `version`, if any. */
export function keptConfig(db: Database, key: string, version: string): Promise<unknown> | undefined {
  const e = byDb.get(db)?.get(key);
  return e && e.version === version ? e.value : undefined;
}

/** Keeps `value` (read at `version` or later) for `key`, frozen. */
export function keepConfig(db: Database, key: string, version: string, value: unknown): void {
  let m = byDb.get(db);
  if (!m) byDb.set(db, (m = new Map()));
  if (m.size >= MAX_ENTRIES && !m.has(key)) m.clear();
  m.set(key, { version, value: Promise.resolve(deepFreeze(value)) });
}

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v) && (Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null)) {
    Object.freeze(v);
    for (const x of Object.values(v as object)) deepFreeze(x);
  }
  return v;
}
