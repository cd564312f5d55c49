import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Tables of the engine itself (not entities): sessions, audit, idempotency, sequences, throttling, files. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
/** A WAL position (`0/16B3748`), read and written as text. */
const pgLsn = customType<{ data: string }>({ dataType: () => 'pg_lsn' });

export const sessions = pgTable('sessions', {
  /** sha256 of the cookie token; the token itself is never stored. */
  id: varchar('id', { length: 64 }).primaryKey(),
  userId: integer('user_id').notNull(),
  companyId: integer('company_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  /**
   * The primary's WAL insert position after this session's last committed write (core/db/write-lsn.ts): a read
   * sent to a replica waits until the replica has replayed that far (core/db/replica.ts). Only kept when a replica
   * is configured.
   */
  writeLsn: pgLsn('write_lsn'),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: integer('company_id').notNull(),
  entity: varchar('entity', { length: 60 }).notNull(),
  recordId: integer('record_id').notNull(),
  action: varchar('action', { length: 40 }).notNull(),
  userId: integer('user_id'),
  /** The key of the request that wrote the row (core/db/request-key.ts): a committed write is found by it. */
  requestKey: varchar('request_key', { length: 200 }),
  at: ts('at').notNull().defaultNow(),
  before: jsonb('before'),
  after: jsonb('after'),
}, (t) => [index('audit_record_idx').on(t.companyId, t.entity, t.recordId, t.id), index('audit_request_key_idx').on(t.companyId, t.requestKey)]);

export const idempotencyKeys = pgTable('idempotency_keys', {
  companyId: integer('company_id').notNull(),
  key: varchar('key', { length: 200 }).notNull(),
  requestHash: varchar('request_hash', { length: 64 }).notNull(),
  statusCode: integer('status_code'),
  response: text('response'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.companyId, t.key] })]);

export const docSequences = pgTable('doc_sequences', {
  companyId: integer('company_id').notNull(),
  docType: varchar('doc_type', { length: 60 }).notNull(),
  fiscalYear: integer('fiscal_year').notNull(),
  prefix: varchar('prefix', { length: 40 }).notNull(),
  nextValue: bigint('next_value', { mode: 'number' }).notNull().default(1),
}, (t) => [primaryKey({ columns: [t.companyId, t.docType, t.fiscalYear] })]);

export const loginAttempts = pgTable('login_attempts', {
  /** 'pair:<name>|<address>', 'ip:<address>', 'user:<name>' (sign-in) or 'signup:<address>': see core/auth/throttle.ts. */
  key: varchar('key', { length: 200 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: ts('window_start').notNull().defaultNow(),
});

export const files = pgTable('files', {
  /** Generated name `<uuid>.<ext>`; the client's name is kept only as metadata. */
  id: varchar('id', { length: 100 }).primaryKey(),
  companyId: integer('company_id').notNull(),
  originalName: varchar('original_name', { length: 255 }).notNull(),
  mime: varchar('mime', { length: 100 }).notNull(),
  size: integer('size').notNull(),
  content: text('content').notNull(),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('files_company_idx').on(t.companyId)]);

export const systemSettings = pgTable('system_settings', {
  id: integer('id').primaryKey().default(1),
  signupEnabled: boolean('signup_enabled').notNull().default(true),
  /** The instance administrator (first admin): may switch sign-up off. */
  ownerUserId: integer('owner_user_id'),
  updatedAt: ts('updated_at').notNull().default(sql`now()`),
});

/**
 * The scheduler's jobs (core/jobs/scheduler.ts): one row per job and company (company_id 0 for a global job). A due
 * row is claimed with FOR UPDATE SKIP LOCKED by the transaction that runs the job, so any number of servers run it once.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: varchar('name', { length: 100 }).notNull(),
  companyId: integer('company_id').notNull().default(0),
  nextRunAt: ts('next_run_at').notNull(),
  lastRunAt: ts('last_run_at'),
  lastError: text('last_error'),
  failures: integer('failures').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.name, t.companyId] }), index('scheduled_jobs_due_idx').on(t.nextRunAt)]);
