import { sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { memoInTx } from '../../../core/db/tx-memo';
import { paymentTerm } from '../model/payment-term.entity';
import { salesSettings } from '../model/sales-settings.entity';

/** The company's sales settings row (made with the company by sales.defaults), and a payment term's days. */
export interface SalesSettings { salesJournalId: number | null; revenueAccountId: number | null; invoicePrefix: string; returnPeriodDays: number }

export async function loadSalesSettings(tx: Tx, companyId: number): Promise<SalesSettings> {
  const t = tableOf(salesSettings);
  // read once per transaction, and kept between requests at the company's configuration version (core/db/tx-memo.ts)
  const [r] = await memoInTx(tx, ['salesSettings'], `salesSettings:${companyId}`, () => tx.select({ salesJournalId: t.salesJournalId, revenueAccountId: t.revenueAccountId, invoicePrefix: t.invoicePrefix, returnPeriodDays: t.returnPeriodDays })
    .from(t).where(sql`${t.companyId} = ${companyId}`).limit(1), companyId);
  const row = (r ?? {}) as Record<string, unknown>;
  return {
    salesJournalId: (row.salesJournalId as number | null) ?? null, revenueAccountId: (row.revenueAccountId as number | null) ?? null,
    invoicePrefix: (row.invoicePrefix as string | null) || 'SO', returnPeriodDays: (row.returnPeriodDays as number | null) ?? 14,
  };
}

export async function termDays(tx: Tx, companyId: number, id: number | null): Promise<number | null> {
  if (!id) return null;
  const t = tableOf(paymentTerm);
  const [r] = await tx.select({ d: t.dueDays }).from(t).where(sql`${t.companyId} = ${companyId} AND ${t.id} = ${id}`);
  return (r?.d as number | null) ?? null;
}
