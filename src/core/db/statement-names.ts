/**
 * Whether hot statements may be named prepared statements (planned once per PostgreSQL connection).
 *
 * A named statement lives on one server connection. Behind a transaction pooler (PgBouncer `pool_mode =
 * transaction`, the default of most managed PostgreSQL offers) each transaction may get another server connection,
 * where the name is unknown ("prepared statement ... does not exist") or already taken ("... already exists"). With
 * `DATABASE_POOLER=transaction` every statement is unnamed (a hot one runs as a function of its own instead, planned
 * once per backend: statement-functions.ts), and nothing else keeps session state outside a transaction: no startup
 * `options`, migrations under a transaction-level advisory lock, no LISTEN. One setting per process: every connection of a process goes through the same pooler or none.
 */
export const POOLED = process.env.DATABASE_POOLER === 'transaction';
