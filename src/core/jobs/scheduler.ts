import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { type Tx, withTx } from '../db/tx';
import type { Ctx } from '../http/context';
import { systemCtx } from '../tenancy/system-ctx';
import { auditMark, auditRollback } from '../audit/audit.buffer';

/**
 * The one scheduler for work no request asks for (overdue invoices, housekeeping). Modules register jobs at start
 * (registerJob: a name, every N minutes or daily at HH:MM UTC, per company or global); every server process runs a
 * Scheduler, and each due job runs ONCE across all of them:
 * - `scheduled_jobs` holds one row per job and company (company 0: global) with its next_run_at. A due row is claimed
 *   by `SELECT ... FOR UPDATE SKIP LOCKED` in a transaction, and the job runs IN that transaction (its withTx calls
 *   join it), with the row's next run written in it too: the work and its schedule commit together or not at all
 *   (a crash mid-job leaves the row due, so the job runs again; a job must be safe to re-run). Row locks inside a
 *   transaction work through a transaction pooler; no session advisory lock is used.
 * - Catch-up: the next run is computed from the time a run ends (now + interval, or the next HH:MM), so a job due
 *   for days while no server ran runs once at start, not once per missed interval.
 * - A failing job (its work rolled back to a savepoint) keeps its claim's transaction: failures + 1, the error
 *   recorded in last_error, retried after a backoff (1 minute doubled per failure, at most the job's interval).
 * A per-company job runs as the company's system actor (core/tenancy/system-ctx.ts), so its writes are audited.
 */
export interface JobRun { db: Database; tx: Tx; ctx?: Ctx }

export interface JobDef {
  /** Unique, e.g. 'accounting.overdue'. */
  name: string;
  /** Minutes between runs; or `dailyAt`. */
  everyMinutes?: number;
  /** 'HH:MM' UTC. */
  dailyAt?: string;
  /** 'company': once per company, with the company's system context; 'global': once for the instance. */
  scope: 'company' | 'global';
  run(job: JobRun): Promise<void>;
}

const registered: JobDef[] = [];

export function registerJob(job: JobDef): void {
  if ((job.everyMinutes === undefined) === (job.dailyAt === undefined)) throw new Error(`job ${job.name}: everyMinutes or dailyAt`);
  if (job.dailyAt !== undefined && !/^([01]\d|2[0-3]):[0-5]\d$/.test(job.dailyAt)) throw new Error(`job ${job.name}: dailyAt is HH:MM`);
  if (job.everyMinutes !== undefined && !(job.everyMinutes >= 1)) throw new Error(`job ${job.name}: everyMinutes >= 1`);
  const i = registered.findIndex((j) => j.name === job.name);
  if (i >= 0) throw new Error(`job ${job.name} is registered twice`);
  registered.push(job);
}

export function registeredJobs(): JobDef[] {
  return [...registered];
}

/** When the job runs next, counted from now (SQL, the database's clock: one clock for every server). */
function nextRunSql(job: JobDef) {
  if (job.everyMinutes !== undefined) return sql`now() + make_interval(mins => ${job.everyMinutes}::int)`;
  const today = sql`(date_trunc('day', now() AT TIME ZONE 'UTC') + ${job.dailyAt}::time) AT TIME ZONE 'UTC'`;
  return sql`CASE WHEN ${today} > now() THEN ${today} ELSE ${today} + interval '1 day' END`;
}

const intervalMinutes = (job: JobDef) => job.everyMinutes ?? 24 * 60;

export interface TickResult { ran: string[]; failed: string[] }

export class Scheduler {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(private readonly db: Database, private readonly jobs: JobDef[] = registeredJobs(), private readonly opts: { pollMs?: number; onError?: (job: string, e: unknown) => void } = {}) {}

  /** Polls every `pollMs` (default 30 s), the first time at once; `stop` waits for a tick under way. */
  start(): void {
    const loop = async () => {
      this.running = this.tick().catch((e) => this.opts.onError?.('(tick)', e));
      await this.running;
      if (this.timer) this.timer = setTimeout(() => void loop(), this.opts.pollMs ?? 30_000).unref();
    };
    this.timer = setTimeout(() => void loop(), 0).unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Makes the rows of new jobs and companies: due at once for an interval job, at its next HH:MM for a daily one. */
  async ensureRows(): Promise<void> {
    for (const job of this.jobs) {
      const first = job.everyMinutes !== undefined ? sql`now()` : nextRunSql(job);
      await this.db.orm.execute(job.scope === 'global'
        ? sql`INSERT INTO scheduled_jobs (name, company_id, next_run_at) VALUES (${job.name}, 0, ${first}) ON CONFLICT DO NOTHING`
        : sql`INSERT INTO scheduled_jobs (name, company_id, next_run_at) SELECT ${job.name}, id, ${first} FROM companies ON CONFLICT DO NOTHING`);
    }
  }

  /** Runs every job due now, each at most once, claimed one at a time; answers which ran and which failed. */
  async tick(max = 1000): Promise<TickResult> {
    await this.ensureRows();
    const out: TickResult = { ran: [], failed: [] };
    const names = this.jobs.map((j) => j.name);
    if (!names.length) return out;
    for (let i = 0; i < max; i++) {
      const r = await this.runOne(names);
      if (!r) break;
      (r.ok ? out.ran : out.failed).push(r.id);
    }
    return out;
  }

  private runOne(names: string[]): Promise<{ id: string; ok: boolean } | null> {
    return withTx(this.db, async (tx) => {
      const rows = (await tx.execute(sql`SELECT name, company_id, failures FROM scheduled_jobs
        WHERE next_run_at <= now() AND name IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)})
        ORDER BY next_run_at LIMIT 1 FOR UPDATE SKIP LOCKED`)).rows as { name: string; company_id: number; failures: number }[];
      const row = rows[0];
      if (!row) return null;
      const job = this.jobs.find((j) => j.name === row.name)!;
      const companyId = Number(row.company_id);
      const where = sql`name = ${row.name} AND company_id = ${companyId}`;
      const id = job.scope === 'company' ? `${job.name}@${companyId}` : job.name;
      const mark = await auditMark(tx);
      await tx.execute(sql`SAVEPOINT scheduled_job`);
      try {
        const ctx = job.scope === 'company' ? await systemCtx(this.db, companyId) : undefined;
        await job.run({ db: this.db, tx, ctx });
        await tx.execute(sql`RELEASE SAVEPOINT scheduled_job`);
      } catch (e) {
        await tx.execute(sql`ROLLBACK TO SAVEPOINT scheduled_job`);
        auditRollback(tx, mark);
        const failures = Number(row.failures) + 1;
        const backoff = Math.min(2 ** (failures - 1), intervalMinutes(job));
        await tx.execute(sql`UPDATE scheduled_jobs SET failures = ${failures}, last_error = ${String((e as Error)?.stack ?? e).slice(0, 4000)},
          next_run_at = now() + make_interval(mins => ${backoff}::int) WHERE ${where}`);
        this.opts.onError?.(id, e);
        return { id, ok: false };
      }
      await tx.execute(sql`UPDATE scheduled_jobs SET failures = 0, last_error = NULL, last_run_at = now(), next_run_at = ${nextRunSql(job)} WHERE ${where}`);
      return { id, ok: true };
    });
  }
}
