import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../../core/db/connect';
import { withTx } from '../../../../core/db/tx';
import { registerJob } from '../../../../core/jobs/scheduler';
import { AppError } from '../../../../core/http/errors';
import { baseUrlOf, submitInvoice, type SubmitAnswer, TIMEOUT_MS } from './client';
import { sealPlaintextUnits, unitSecret } from './secrets';

/**
 * INVARIANT: a document is never sent twice at once and never again once answered. The queue sends pending
 * documents to the authority after their invoice committed, so a sale never waits for it:
 * 1. claim: in its own committed transaction, pending rows due now and not claimed (or whose claim ran out) get a
 *    claim token, `claimed_until` = now + LEASE and one more attempt (FOR UPDATE SKIP LOCKED: two senders never
 *    take the same row);
 * 2. send the stored bytes (the same UUID, hash and XML every time; a document's chain place never changes);
 * 3. record the answer only under the same claim token: reported / cleared / rejected are final; no answer,
 *    a timeout or a server error leaves it pending, due again after 1, 2, 4... minutes (at most 60).
 * A sender that dies between 1 and 3 leaves a claim that runs out after LEASE: the same document is asked again
 * (the authority answers a repeated UUID and hash; a new ICV is never made for it).
 * The scheduler's job (every minute, once across servers) starts a sender outside its own transaction.
 */
export const LEASE_SECONDS = Math.max(60, Math.ceil((TIMEOUT_MS / 1000) * 4));
interface Claimed { id: number; companyId: number; uuid: string; hash: string; xml: string; profile: string; attempts: number; environment: string; baseUrl: string | null; certificate: string | null; secret: string | null }

export async function claimDue(db: Database, limit = 20, companyId?: number): Promise<{ token: string; docs: Claimed[] }> {
  const token = randomUUID();
  const docs = await withTx(db, async (tx) => (await tx.execute(sql`
    WITH c AS (
      SELECT id FROM zatca_documents
      WHERE status = 'pending' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
        ${companyId === undefined ? sql`` : sql`AND company_id = ${companyId}`}
      ORDER BY next_attempt_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED),
    d AS (
      UPDATE zatca_documents z SET claim_token = ${token}::uuid, claimed_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = z.attempts + 1, updated_at = now()
      FROM c WHERE z.id = c.id
      RETURNING z.id, z.company_id, z.unit_id, z.uuid::text AS uuid, z.hash, z.xml, z.profile, z.attempts)
    SELECT d.id, d.company_id AS "companyId", d.uuid, d.hash, d.xml, d.profile, d.attempts,
      u.environment, u.base_url AS "baseUrl", u.certificate, u.secret
    FROM d JOIN zatca_units u ON u.id = d.unit_id ORDER BY d.id`)).rows as unknown as Claimed[]);
  return { token, docs };
}

export async function recordAnswer(db: Database, id: number, token: string, a: SubmitAnswer, attempts: number): Promise<boolean> {
  const final = a.outcome !== 'retry';
  const backoff = Math.min(2 ** Math.max(0, attempts - 1), 60);
  const r = await withTx(db, (tx) => tx.execute(sql`
    UPDATE zatca_documents SET
      status = ${final ? a.outcome : 'pending'}, messages = ${JSON.stringify(a.messages)}::jsonb, http_status = ${a.httpStatus},
      cleared_xml = ${a.clearedXml ?? null}, last_error = ${a.error ?? null},
      answered_at = ${final ? sql`now()` : sql`answered_at`},
      next_attempt_at = ${final ? sql`next_attempt_at` : sql`now() + make_interval(mins => ${backoff}::int)`},
      claim_token = NULL, claimed_until = NULL, updated_at = now()
    WHERE id = ${id} AND claim_token = ${token}::uuid AND status = 'pending'`));
  return (r as { rowCount?: number | null }).rowCount === 1 || (r.rows?.length ?? 0) > 0;
}

/** Claims and sends until nothing is due (at most `max` documents); answers how each went. */
export async function runZatcaQueue(db: Database, opts: { companyId?: number; max?: number; timeoutMs?: number } = {}): Promise<{ sent: number; outcomes: Record<string, number> }> {
  const outcomes: Record<string, number> = {};
  let sent = 0;
  while (sent < (opts.max ?? 500)) {
    const { token, docs } = await claimDue(db, 20, opts.companyId);
    if (!docs.length) break;
    for (const d of docs) {
      let secret: string;
      try {
        secret = unitSecret(d.secret);
      } catch (e) {
        // a secret this server cannot open (SECRETS_KEY missing or another): kept pending, said in last_error
        if (!(e instanceof AppError)) throw e;
        await recordAnswer(db, d.id, token, { outcome: 'retry', httpStatus: null, messages: [], error: e.label.en }, d.attempts);
        outcomes.retry = (outcomes.retry ?? 0) + 1;
        sent++;
        continue;
      }
      const auth = { token: Buffer.from(d.certificate ?? '', 'utf8').toString('base64'), secret };
      const answer = await submitInvoice(baseUrlOf(d), auth, d.profile === 'standard' ? 'clearance' : 'reporting', { hash: d.hash, uuid: d.uuid, xml: d.xml }, opts.timeoutMs);
      await recordAnswer(db, d.id, token, answer, d.attempts);
      outcomes[answer.outcome] = (outcomes[answer.outcome] ?? 0) + 1;
      sent++;
    }
  }
  return { sent, outcomes };
}

/** Outside any transaction's async context: the job's transaction must not be joined by the sender's. */
const detached = AsyncLocalStorage.snapshot();
const running = new WeakSet<Database>();

export function startSender(db: Database): void {
  if (running.has(db)) return;
  running.add(db);
  detached(() => {
    setImmediate(() => {
      runZatcaQueue(db)
        .catch((e: unknown) => console.error('zatca queue:', e))
        .finally(() => running.delete(db));
    });
  });
}

registerJob({
  name: 'accounting.zatca',
  everyMinutes: 1,
  scope: 'global',
  run: async ({ db }) => {
    // units stored before their secrets were encrypted are sealed once a key is there (secrets.ts)
    await sealPlaintextUnits(db);
    startSender(db);
  },
});
