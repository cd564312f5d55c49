import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { type Tx, withTx } from '../../../core/db/tx';
import { type Ctx, actingFor } from '../../../core/http/context';
import { tr } from '../../../core/i18n/locale';
import { METHOD_LABELS, pm } from '../messages';
import { branchForSelling } from './branch.access';
import { confirmReturn, createReturn, currencyDecimals } from './entries';
import { posPayments } from './pos-payments.schema';
import { posError } from './pos.errors';
import type { TillReturnInput } from './return.input';
import { prm } from './return.messages';
import { refundPlan } from './return.refund';

/**
 * A till return, ONE transaction (invariant 7 and the stock and ledger invariants; nothing of a refused return is
 * left behind):
 * 1. the session row FOR SHARE (as a sale: a close waits for it, a return after the close is refused 409), the
 *    branch's access rule (403), the session active; it may be another session, of another branch, than the sale's;
 * 2. the order must be a till order (it has money rows in pos_payments), else the sales office returns it;
 * 3. sales' createReturn + confirmReturn (the sales office's own return, under the till's right, the user's name
 *    on its audit rows): the order row locked FOR UPDATE, each line at most what is left to return, the return
 *    period, the reason when required, partial returns; the goods back into the RETURNING branch's location at
 *    the original delivery's cost (inventory), the credit note (accounting: Dr sales returns and tax / Cr
 *    receivable) taken off what the order still has due, the rest refunded by the method (cash: the cash journal,
 *    1101; bank transfer: BNK, 1102) or, for "credit", left on the customer's account;
 * 4. under that order lock, the refund checked against what the order was paid in that method less earlier
 *    refunds (two returns of one order are serialised on the lock, so together they never pay back more), and
 *    written as negative rows of pos_payments in this session (return.refund.ts): the session's expected cash
 *    falls by its cash refunds, its summary counts the return.
 */
export async function returnAtTill(ctx: Ctx, input: TillReturnInput): Promise<number> {
  const L = ctx.locale;
  return withTx(ctx.db, async (tx) => {
    const s = (await tx.execute(sql`SELECT id, branch_id, status FROM pos_sessions WHERE company_id = ${ctx.companyId} AND id = ${input.sessionId} FOR SHARE`)).rows[0] as
      { id: number; branch_id: number; status: string } | undefined;
    if (!s) throw posError(pm.sessionRequired, L, 'sessionId');
    const branch = await branchForSelling(ctx, tx, s.branch_id);
    if (s.status !== 'active') throw posError(prm.sessionClosed, L, 'sessionId', {}, 409);
    if (!(await isTillOrder(tx, ctx.companyId, input.orderId))) throw posError(prm.notTillOrder, L, 'orderId');
    const till = actingFor(ctx);
    const draft = await createReturn(till, {
      orderId: input.orderId, refundMethod: input.refundMethod, reasonId: input.reasonId, locationId: branch.locationId, notes: input.notes,
      items: input.lines as { orderLine: number; quantity: string; reason?: string | null }[],
    }, { sessionId: s.id });
    const done = await confirmReturn(till, draft.id);
    const plan = refundPlan(input.refundMethod, {
      totalAmount: String(done.totalAmount), appliedAmount: String(done.appliedAmount ?? '0'), refundedAmount: String(done.refundedAmount ?? '0'), creditAmount: String(done.creditAmount ?? '0'),
    }, await orderMoney(tx, ctx.companyId, input.orderId));
    if (!plan.ok) {
      const method = tr(METHOD_LABELS[plan.method]!, L);
      const decimals = await currencyDecimals(tx, ctx.companyId);
      throw posError(prm.refundTooLarge, L, 'refundMethod', { amount: new Decimal(plan.amount).toFixed(decimals), paid: new Decimal(plan.paid).toFixed(decimals), method });
    }
    if (plan.rows.length) {
      await tx.insert(posPayments).values(plan.rows.map((r) => ({
        companyId: ctx.companyId, sessionId: s.id, orderId: input.orderId, method: r.method, amount: r.amount, tendered: r.amount, returnId: draft.id,
      })));
    }
    return draft.id;
  });
}

/** A till order: one the till sold (every till sale writes its money rows). */
export async function isTillOrder(tx: Tx, companyId: number, orderId: number): Promise<boolean> {
  const r = await tx.execute(sql`SELECT 1 FROM pos_payments WHERE company_id = ${companyId} AND order_id = ${orderId} AND return_id IS NULL LIMIT 1`);
  return r.rows.length > 0;
}

/** What the order holds per method now: its sale's rows less the refunds of its returns (all sessions). */
export async function orderMoney(tx: Tx, companyId: number, orderId: number): Promise<Record<string, string>> {
  const r = await tx.execute(sql`SELECT method, sum(amount)::numeric(20,4)::text AS amount FROM pos_payments
    WHERE company_id = ${companyId} AND order_id = ${orderId} GROUP BY method`);
  return Object.fromEntries((r.rows as { method: string; amount: string }[]).map((x) => [x.method, x.amount]));
}
