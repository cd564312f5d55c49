import Decimal from 'decimal.js';
import { withReadTx, withTx } from '../../../core/db/tx';
import { getRecord } from '../../../core/entity/crud.read';
import type { Ctx } from '../../../core/http/context';
import { companyToday } from '../../../core/time/company-time';
import { salesOrder } from '../../sales/model/sales-order.entity';
import { findTillOrders, loadReturnSettings, orderIdByNumber, productsForSale, quoteReturn, returnableLines, returnReasons } from './entries';
import { posError } from './pos.errors';
import type { ReturnLineInput } from './return.input';
import { prm } from './return.messages';
import { isTillOrder, orderMoney } from './return.service';

/**
 * What the return screen (/pos/return) reads, nothing written:
 * - returnLookup: a till order found by id or by its exact number, with its lines (sold, already returned by
 *   confirmed returns, still returnable; the product's names in both languages), what it holds per payment method
 *   (sale less earlier refunds: the most each refund method can pay back), the company's return reasons and the
 *   sales settings' rules (reason required, partial returns, the period and its last day);
 * - returnCandidates: the till orders matching what the cashier typed (part of the number, the customer's name or
 *   phone, or the date: sales' findTillOrders), newest first, at most 20, to pick one from;
 * - returnQuote: the return priced as confirming it would (sales' quoteReturn: the credit note's subtotal, tax and
 *   total, the part taken off the order's due and the part refunded), so the screen shows the server's figure.
 */
const METHOD_KEYS = ['cash', 'bank_transfer', 'credit'] as const;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function held(money: Record<string, string>): Record<(typeof METHOD_KEYS)[number], string> {
  return Object.fromEntries(METHOD_KEYS.map((m) => [m, Decimal.max(0, money[m] ?? '0').toFixed(4)])) as Record<(typeof METHOD_KEYS)[number], string>;
}

export async function returnLookup(ctx: Ctx, ref: { orderId?: number; number?: string }) {
  return withTx(ctx.db, async (tx) => {
    const orderId = ref.orderId ?? (ref.number ? await orderIdByNumber(ctx, tx, ref.number) : null);
    if (!orderId) throw posError(prm.orderNotFound, ctx.locale, 'number', { number: ref.number ?? '' });
    if (!(await isTillOrder(tx, ctx.companyId, orderId))) throw posError(prm.notTillOrder, ctx.locale, 'number');
    const r = await returnableLines(ctx, tx, orderId, null);
    const o = await getRecord(ctx, salesOrder, orderId, tx);
    const { products } = await productsForSale(ctx, r.lines.map((l) => l.productId));
    const rules = await loadReturnSettings(tx, ctx.companyId);
    const refs = (o._refs ?? {}) as Record<string, string | null>;
    const lastDay = addDays(String(o.orderDate), rules.returnPeriodDays);
    return {
      order: {
        id: o.id, number: o.number, orderDate: o.orderDate, status: o.status, customerId: o.customerId, customer: refs.customerId ?? null,
        sessionId: o.sessionId, session: refs.sessionId ?? null, totalAmount: o.totalAmount, paidAmount: o.paidAmount, dueAmount: o.dueAmount,
      },
      lines: r.lines.map((l) => {
        const p = products.get(l.productId);
        return {
          orderLine: l.orderLine, productId: l.productId, name: p?.name ?? l.description, nameAr: p?.nameAr ?? null, description: l.description,
          price: l.price, sold: l.sold, returned: Decimal.max(0, new Decimal(l.sold).minus(l.returnable)).toFixed(), returnable: l.returnable,
        };
      }),
      paid: held(await orderMoney(tx, ctx.companyId, orderId)),
      reasons: await returnReasons(ctx, tx),
      rules: {
        requireReturnReason: rules.requireReturnReason, allowPartialReturns: rules.allowPartialReturns, returnPeriodDays: rules.returnPeriodDays,
        lastDay, open: companyToday(ctx) <= lastDay,
      },
    };
  });
}

export async function returnQuote(ctx: Ctx, input: { orderId: number; lines: ReturnLineInput[] }) {
  return withReadTx(ctx.db, async (tx) => {
    if (!(await isTillOrder(tx, ctx.companyId, input.orderId))) throw posError(prm.notTillOrder, ctx.locale, 'orderId');
    const q = await quoteReturn(ctx, tx, input.orderId, input.lines);
    return { ...q, paid: held(await orderMoney(tx, ctx.companyId, input.orderId)) };
  });
}

export async function returnCandidates(ctx: Ctx, term: string) {
  return withTx(ctx.db, (tx) => findTillOrders(ctx, tx, term, 20));
}
