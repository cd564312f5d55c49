import { withTx } from '../../../core/db/tx';
import { type Ctx, actingFor } from '../../../core/http/context';
import { companyToday } from '../../../core/time/company-time';
import { pm } from '../messages';
import { sessionForSelling } from './branch.access';
import { beyondCurrency, chartIds, currencyDecimals, sellAtTill } from './entries';
import { posPayments } from './pos-payments.schema';
import { posError } from './pos.errors';
import { METHODS, type SaleInput, SaleRefused, splitPayments } from './sale.input';
import { priceTillSale } from './sale.pricing';

/**
 * A till sale, ONE transaction (invariant 7 and the stock invariants): the session row FOR SHARE first (it must be
 * active: a close waits for sales in flight and a sale after the close is refused) with the order's number in the
 * session's own series (branch.access.ts), the branch's access rule (403),
 * each payment's amount (the cash tendered too) at most the currency's decimals (accounting's beyondCurrency), the
 * lines priced (the price list's price unless given, less the line's discount), the payments split (change
 * computed), then sales' sellAtTill: the order created with its session and branch, confirmed (stock leaves the
 * branch's location at once through inventory: "Quantity Not Available" when short; the invoice issued) and paid
 * per method (cash in the CSH journal, bank transfer in BNK; credit stays due), and the money per method written to
 * pos_payments. Any refusal rolls back everything. The order, delivery, invoice and payments are done under the
 * till's right (`pos.posSession.sell`, checked by the route, plus the branch) with the user's name on every audit
 * row: a cashier needs no rights in the sales office, inventory or accounting (core/http/context.ts actingFor).
 */
export async function sell(ctx: Ctx, input: SaleInput) {
  const L = ctx.locale;
  try {
    return await withTx(ctx.db, async (tx) => {
      const { sessionId, branch, walkIn, orderNumber } = await sessionForSelling(ctx, tx, input.sessionId);
      const customerId = input.customerId ?? walkIn;
      if (!customerId) throw posError(pm.customerRequired, L, 'customerId');
      const orderDate = companyToday(ctx);
      // each payment, the cash tendered included, is money that can be handed over: at most the currency's decimals
      const decimals = await currencyDecimals(tx, ctx.companyId);
      input.payments.forEach((p, i) => { if (beyondCurrency(p.amount, decimals)) throw posError(pm.paymentDecimals, L, 'payments', { line: i + 1, decimals }); });
      const till = actingFor(ctx);
      const priced = await priceTillSale(till, { orderDate, priceListId: input.priceListId, locationId: branch.locationId, lines: input.lines });
      const items = priced.items.map((it) => ({ productId: it.productId, quantity: it.quantity, uomId: it.uomId, price: it.price, description: it.description }));
      const total = priced.totalAmount;
      const split = splitPayments(total, input.payments, decimals);
      if (split.due !== '0.0000' && customerId === walkIn) throw posError(pm.creditNeedsCustomer, L, 'customerId');
      const j = (await chartIds(tx, ctx.companyId, { journals: ['CSH', 'BNK'] })).journals;
      const ref = (m: string) => input.payments.find((p) => p.method === m)?.reference ?? null;
      const pays = [
        ...(split.kept.cash !== '0.0000' ? [{ amount: split.kept.cash, journalId: j.CSH!, reference: ref('cash') }] : []),
        ...(split.kept.bank_transfer !== '0.0000' ? [{ amount: split.kept.bank_transfer, journalId: j.BNK!, reference: ref('bank_transfer') }] : []),
      ];
      const money = METHODS.filter((m) => split.tendered[m] !== '0.0000').map((m) => ({ method: m, amount: split.kept[m], tendered: split.tendered[m] }));
      const order = await sellAtTill(till, {
        sessionId, branchId: branch.id, number: orderNumber, customerId, priceListId: input.priceListId, locationId: branch.locationId, orderDate,
        paymentMethod: split.mainMethod, items, payments: pays, notes: input.notes,
        // the till's money rows go in before the confirmation takes the journals' chains (held until the commit)
        created: async (orderId) => { await tx.insert(posPayments).values(money.map((r) => ({ companyId: ctx.companyId, sessionId, orderId, ...r }))); },
      });
      return { order, change: split.change, paid: split.paid, due: split.due, payments: money };
    });
  } catch (e) {
    if (e instanceof SaleRefused) throw posError(e.label, L, e.field, e.vars);
    throw e;
  }
}
