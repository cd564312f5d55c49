import { sql } from 'drizzle-orm';
import { getRecord } from '../../../core/entity/crud.read';
import type { Ctx } from '../../../core/http/context';
import { salesReturn } from '../../sales/model/sales-return.entity';

/**
 * A till return's answer `{ return, creditNote: { id, number }, refunds: [{ method, amount }] }`, read from what its
 * transaction committed (the sales return and its refund rows in pos_payments): the first answer, and the one a
 * retry with the same Idempotency-Key gets when the first was never stored (core/http/idempotency.ts `answer`), so
 * both are the same figures in the same shape. Refund amounts are negative (money out of the till).
 */
export async function returnAnswer(ctx: Ctx, returnId: number) {
  const ret = await getRecord(ctx, salesReturn, returnId);
  const refunds = (await ctx.db.orm.execute(sql`SELECT method, amount::text AS amount FROM pos_payments
    WHERE company_id = ${ctx.companyId} AND return_id = ${returnId} ORDER BY id`)).rows as { method: string; amount: string }[];
  const refs = (ret._refs ?? {}) as Record<string, string | null>;
  return { return: ret, creditNote: { id: (ret.creditNoteId as number | null) ?? null, number: refs.creditNoteId ?? null }, refunds };
}
