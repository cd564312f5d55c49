import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Tables of the engine itself (not entities): sessions, audit, idempotency, sequences, throttling, files. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const sessions = pgTable('sessions', {
  /** sha256 of the cookie token; the token itself is never stored. */
  id: varchar('id', { length: 64 }).primaryKey(),
  userId: integer('user_id').notNull(),
  companyId: integer('company_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: integer('company_id').notNull(),
  entity: varchar('entity', { length: 60 }).notNull(),
  recordId: integer('record_id').notNull(),
  action: varchar('action', { length: 40 }).notNull(),
  userId: integer('user_id'),
  at: ts('at').notNull().defaultNow(),
  before: jsonb('before'),
  after: jsonb('after'),
}, (t) => [index('audit_record_idx').on(t.companyId, t.entity, t.recordId, t.id)]);

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
  /** 'user:<name>' or 'ip:<address>'. */
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
});

export const systemSettings = pgTable('system_settings', {
  id: integer('id').primaryKey().default(1),
  signupEnabled: boolean('signup_enabled').notNull().default(true),
  /** The instance administrator (first admin): may switch sign-up off. */
  ownerUserId: integer('owner_user_id'),
  updatedAt: ts('updated_at').notNull().default(sql`now()`),
});
