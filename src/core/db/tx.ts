import type { Database, Orm } from './connect';

/**
 * Runs `fn` in one transaction and retries it when PostgreSQL reports a serialization failure (40001) or a
 * deadlock (40P01), at most `attempts` times with a short random backoff. `fn` must be safe to re-run: it
 * re-reads what it needs inside the transaction.
 */
export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

const RETRYABLE = new Set(['40001', '40P01']);

function sqlState(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && code.length === 5) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isUniqueViolation(e: unknown): { constraint?: string } | null {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur; i++) {
    if ((cur as { code?: unknown }).code === '23505') return { constraint: (cur as { constraint?: string }).constraint };
    cur = (cur as { cause?: unknown }).cause;
  }
  return null;
}

export function errorCode(e: unknown): string | undefined {
  return sqlState(e);
}

export async function withTx<T>(db: Database, fn: (tx: Tx) => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await db.orm.transaction(fn);
    } catch (e) {
      const code = sqlState(e);
      if (i >= attempts || !code || !RETRYABLE.has(code)) throw e;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * i));
    }
  }
}
