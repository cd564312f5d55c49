import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../core/db/connect';
import { withTx } from '../../../core/db/tx';
import { markOverdue } from './invoice.service';

/**
 * Marks unpaid posted invoices past their due date OVERDUE, a minute after start and then every hour, for every
 * company. Idempotent, so several server processes may all run it. Off in tests (createApp's `jobs` option).
 */
const HOUR = 3_600_000;

export function startOverdueJob(app: FastifyInstance, db: Database): void {
  const run = async () => {
    const today = new Date().toISOString().slice(0, 10);
    try {
      const companies = (await db.orm.execute(sql`SELECT id FROM companies`)).rows as { id: number }[];
      for (const c of companies) await withTx(db, (tx) => markOverdue(tx, c.id, today));
    } catch (e) {
      app.log.error(e, 'overdue job failed');
    }
  };
  const first = setTimeout(() => void run(), 60_000);
  const every = setInterval(() => void run(), HOUR);
  first.unref();
  every.unref();
  app.addHook('onClose', async () => { clearTimeout(first); clearInterval(every); });
}
