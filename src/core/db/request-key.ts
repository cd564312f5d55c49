import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The key of the write a request is doing, so that "did it commit?" always has an answer.
 *
 * Every write request carries one key: the client's `Idempotency-Key`, or one the server makes. The first
 * transaction the request opens (withTx) inserts the key into `idempotency_keys` in the same transaction as the
 * work (and audit rows carry it), so the key exists exactly when the work committed:
 * - a second request with the same key waits on the first's uncommitted key row, then finds it and replays;
 * - when a commit's reply is lost (the connection broke), the key is looked up on a fresh connection: present, the
 *   work committed; absent, it did not, and may run again.
 * Nothing is "claimed" outside the work, so nothing can stay claimed after a crash.
 *
 * This file keeps the per-request state (AsyncLocalStorage); tx.ts writes and checks the key, http/idempotency.ts
 * fills the state and answers replays.
 */
export interface RequestKey {
  companyId: number;
  key: string;
  /** sha256 of method, url and body for a client's key (a replay with another body is refused); '' for the server's. */
  hash: string;
  /** The client sent it: its answer is stored for replays. */
  client: boolean;
  /** The transaction that carries the key committed. */
  written: boolean;
  /**
   * A client's key whose route answers with the value of the transaction that carries it (`answerAtCommit`): how
   * that value becomes the answer, which the transaction's COMMIT message then stores; `stored`, the answer it
   * stored (committed with the work).
   */
  answer?: { status: number; body: (value: unknown) => string; stored?: string };
}

/**
 * `session`: the id (token hash) of the signed-in session, whose last write's WAL position write-lsn.ts notes.
 * `config`: the signed-in company's configuration version as the session statement read it (config-cache.ts).
 */
interface Scope { key?: RequestKey; session?: string; config?: { companyId: number; version: string } }

const scopes = new AsyncLocalStorage<Scope>();

/** Runs `fn` (a request's whole handling) with a scope a write key can be set in. */
export function runInRequestScope<T>(fn: () => T): T {
  return scopes.run({}, fn);
}

/** Sets the request's key: the client's (with its request hash) or, by default, one made here. */
export function setRequestKey(companyId: number, client?: { key: string; hash: string }): RequestKey | undefined {
  const scope = scopes.getStore();
  if (!scope) return undefined;
  if (scope.key && (!client || scope.key.client)) return scope.key;
  scope.key = client ? { companyId, key: client.key, hash: client.hash, client: true, written: false } : serverKey(companyId);
  return scope.key;
}

/** A key of the server's for one write made outside a request's scope (or after the request's key was used). */
export function serverKey(companyId: number): RequestKey {
  return { companyId, key: `srv:${randomUUID()}`, hash: '', client: false, written: false };
}

/** The request's signed-in session (set by the auth layer), for write-lsn.ts. */
export function setRequestSession(id: string): void {
  const scope = scopes.getStore();
  if (scope) scope.session = id;
}

export function currentRequestSession(): string | undefined {
  return scopes.getStore()?.session;
}

/** The company's configuration version read with the request's session (config-cache.ts). */
export function setRequestConfigVersion(companyId: number, version: string): void {
  const scope = scopes.getStore();
  if (scope) scope.config = { companyId, version };
}

/** The request's configuration version of `companyId`, unless the request wrote that configuration itself. */
export function requestConfigVersion(companyId: number): string | undefined {
  const c = scopes.getStore()?.config;
  return c && c.companyId === companyId ? c.version : undefined;
}

/** The request wrote configuration: its later reads (in this or another transaction) go to the database. */
export function dropRequestConfigVersion(): void {
  const scope = scopes.getStore();
  if (scope) scope.config = undefined;
}

export function currentRequestKey(): RequestKey | undefined {
  return scopes.getStore()?.key;
}

/** The key the next transaction must write: the request's, until a transaction carrying it committed. */
export function keyToWrite(): RequestKey | undefined {
  const k = currentRequestKey();
  return k && !k.written ? k : undefined;
}

/** The work of the key committed, so its answer (or a re-read of its record) is the request's answer. */
export class AlreadyDone extends Error {
  constructor(readonly key: RequestKey) {
    super(`the work of request key ${key.key} has already committed`);
  }
}
