/**
 * What a broken or unreachable database looks like to this process, in one place: the error handler answers these
 * with 503 and Retry-After (the request may be retried with the same key), never 500, and the transaction wrapper
 * checks a request's key before it decides whether the work committed.
 */
const NET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN', 'ECONNABORTED', 'EAI_AGAIN']);
/** Class 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot connect now), 53300 (too many connections). */
const PG_CODES = /^(08...|57P0[1-3]|53300)$/;
const MESSAGES = /Connection terminated|connection error|Client was closed|not queryable|timeout exceeded when trying to connect|terminating connection|the database system is (starting up|shutting down|in recovery)/i;

export function isConnectionError(e: unknown): boolean {
  let cur: unknown = e;
  for (let i = 0; i < 5 && cur; i++) {
    const c = cur as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof c.code === 'string' && (NET_CODES.has(c.code) || PG_CODES.test(c.code))) return true;
    if (typeof c.message === 'string' && MESSAGES.test(c.message)) return true;
    cur = c.cause;
  }
  return false;
}

/** The database could not be reached, or the outcome of a write could not be learned: answered 503 with Retry-After. */
export class DatabaseUnavailable extends Error {
  constructor(cause: unknown) {
    super('the database is unavailable', { cause });
  }
}
