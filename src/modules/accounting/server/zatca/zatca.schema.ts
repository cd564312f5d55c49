import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * ZATCA e-invoicing (phase 2). Not entities: written only by zatca/*.ts.
 * - zatca_units: a company's onboarded invoicing units (EGS units: a POS branch's tills, the back office), each with its key (sealed),
 *   its certificate (CSID) from the authority, and the HEAD of its chain: last_icv and last_hash. The unit row's
 *   lock (FOR UPDATE in the confirming transaction) serialises the unit's invoices, so ICVs are gapless and each
 *   document's PIH is the previous one's hash (a rollback gives the counter back with everything else).
 * - zatca_documents: one per invoice or note, the signed XML exactly as hashed and signed (never re-serialised),
 *   its place in the chain (icv, pih, hash), and what the authority answered. UNIQUE (unit, icv) and (invoice).
 */
export const zatcaUnits = pgTable('zatca_units', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull(),
  name: varchar('name', { length: 200 }).notNull(),
  /** The unit's serial in the CSR: "1-<solution>|2-<model/version>|3-<serial>". */
  serialNumber: varchar('serial_number', { length: 200 }).notNull(),
  /** sandbox | simulation | production: which of the authority's addresses (client.ts) it talks to. */
  environment: varchar('environment', { length: 20 }).notNull().default('sandbox'),
  /** Overrides the environment's base address (a proxy, or the tests' fake endpoint). */
  baseUrl: varchar('base_url', { length: 500 }),
  /** onboarding (key and CSR made, no production CSID yet) | active | disabled. */
  status: varchar('status', { length: 20 }).notNull().default('onboarding'),
  /** The POS branch whose till sales this unit signs (its own ICV and PIH chain); null: the company's office unit. */
  branchId: integer('branch_id'),
  /** Sealed (core/crypto/secrets.ts, zatca/secrets.ts): never stored or answered in clear. */
  privateKey: text('private_key').notNull(),
  csr: text('csr'),
  /** The CSID certificate, base64 DER (what ds:X509Certificate holds), and the API secret that goes with it. */
  certificate: text('certificate'),
  secret: text('secret'),
  complianceRequestId: varchar('compliance_request_id', { length: 100 }),
  lastIcv: bigint('last_icv', { mode: 'number' }).notNull().default(0),
  lastHash: varchar('last_hash', { length: 100 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('zatca_units_name_uq').on(t.companyId, t.name),
  // one active unit per branch: a branch's till sales form one chain
  uniqueIndex('zatca_units_branch_uq').on(t.companyId, t.branchId).where(sql`${t.status} = 'active' AND ${t.branchId} IS NOT NULL`),
  check('zatca_units_env_ck', sql`${t.environment} IN ('sandbox', 'simulation', 'production')`),
  check('zatca_units_status_ck', sql`${t.status} IN ('onboarding', 'active', 'disabled')`),
]);

export const zatcaDocuments = pgTable('zatca_documents', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: integer('company_id').notNull(),
  unitId: integer('unit_id').notNull(),
  invoiceId: integer('invoice_id').notNull(),
  icv: bigint('icv', { mode: 'number' }).notNull(),
  uuid: uuid('uuid').notNull(),
  hash: varchar('hash', { length: 100 }).notNull(),
  pih: varchar('pih', { length: 100 }).notNull(),
  /** standard (cleared before it is shared) | simplified (reported within 24 h). */
  profile: varchar('profile', { length: 20 }).notNull(),
  kind: varchar('kind', { length: 20 }).notNull(),
  xml: text('xml').notNull(),
  signature: text('signature').notNull(),
  /** pending | reported | cleared | rejected. */
  status: varchar('status', { length: 20 }).notNull().default('pending'),
  /** The authority's cleared document (standard invoices), base64-decoded. */
  clearedXml: text('cleared_xml'),
  /** [{ type, code, en, ar }]: the authority's errors and warnings, with our wording in both languages. */
  messages: jsonb('messages').notNull().default(sql`'[]'::jsonb`),
  httpStatus: smallint('http_status'),
  attempts: integer('attempts').notNull().default(0),
  /** The sender that claimed it (a random token) and until when; a claim past its time may be taken again. */
  claimToken: uuid('claim_token'),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('zatca_documents_icv_uq').on(t.unitId, t.icv),
  uniqueIndex('zatca_documents_invoice_uq').on(t.invoiceId),
  uniqueIndex('zatca_documents_uuid_uq').on(t.uuid),
  index('zatca_documents_queue_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  check('zatca_documents_status_ck', sql`${t.status} IN ('pending', 'reported', 'cleared', 'rejected')`),
  check('zatca_documents_icv_ck', sql`${t.icv} > 0`),
]);
