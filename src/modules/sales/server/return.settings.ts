import { sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { salesSettings } from '../model/sales-settings.entity';

/** What returns read of the sales settings: partial returns, the reason rule, the period, the return account. */
export interface ReturnSettings { allowPartialReturns: boolean; requireReturnReason: boolean; returnPeriodDays: number; returnAccountId: number | null }

export async function loadReturnSettings(tx: Tx, companyId: number): Promise<ReturnSettings> {
  const t = tableOf(salesSettings);
  const r = await tx.execute(sql`SELECT allow_partial_returns AS "allowPartialReturns", require_return_reason AS "requireReturnReason",
    return_period_days AS "returnPeriodDays", return_account_id AS "returnAccountId" FROM ${t} WHERE company_id = ${companyId} LIMIT 1`);
  const row = (r.rows[0] ?? {}) as Record<string, unknown>;
  return {
    allowPartialReturns: row.allowPartialReturns !== false, requireReturnReason: row.requireReturnReason !== false,
    returnPeriodDays: typeof row.returnPeriodDays === 'number' ? row.returnPeriodDays : 14,
    returnAccountId: (row.returnAccountId as number | null) ?? null,
  };
}
