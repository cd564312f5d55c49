import { sql } from 'drizzle-orm';
import type { Database } from '../../../core/db/connect';
import { registerJob } from '../../../core/jobs/scheduler';
import { systemCtx } from '../../../core/tenancy/system-ctx';
import { companyToday } from '../../../core/time/company-time';
import { markOverdue } from './invoice.service';

/**
 * Marks unpaid posted invoices past their due date OVERDUE, every hour for every company, each on its own calendar
 * (an invoice due 2026-03-31 is overdue in Riyadh from 21:00 UTC that day, in New York some nine hours later), on
 * the scheduler (core/jobs/scheduler.ts: once across all servers, caught up once after downtime), as the company's
 * system actor.
 */
registerJob({
  name: 'accounting.overdue',
  everyMinutes: 60,
  scope: 'company',
  run: async ({ ctx }) => {
    await markOverdue(ctx!, companyToday(ctx!));
  },
});

/** One pass over every company, each with its own today, as its system actor (what the job does, at once). */
export async function markOverdueAll(db: Database): Promise<number> {
  const companies = (await db.orm.execute(sql`SELECT id FROM companies ORDER BY id`)).rows as { id: number }[];
  let n = 0;
  for (const c of companies) {
    const ctx = await systemCtx(db, c.id);
    n += await markOverdue(ctx, companyToday(ctx));
  }
  return n;
}
