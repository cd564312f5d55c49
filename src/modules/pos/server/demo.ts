import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import { ops } from '../../../core/entity/operations';
import { counted, inLanguage, registerCompanySetup, setupCtx } from '../../../core/tenancy/company-setup';
import { companyToday } from '../../../core/time/company-time';
import { product } from '../../inventory/model/product.entity';
import { posBranch } from '../model/pos-branch.entity';
import { posSession } from '../model/pos-session.entity';
import { loadInventorySettings, quoteTillLines, stockQuantities } from './entries';
import { demoCashier } from './cashier';
import { demoEveningReturns, demoMorningReturns } from './demo.returns';
import { sell } from './sale.service';
import type { SalePayment } from './sale.input';

/**
 * Demo point of sale (after the inventory and sales demos): the "Riyadh main store" branch selling from the default
 * stock location with the admin and the demo cashier (cashier.ts) as its users, a CLOSED session of the morning (four sales: cash with change, bank
 * transfer, split cash + bank, and a named customer's sale partly on credit; counted cash 2.50 short, posted) and an
 * ACTIVE session with one sale; till returns (demo.returns.ts): one in the morning before the close, two of the
 * morning's orders in the evening. Everything goes through the real services (the sale, the close), in the company's
 * creation transaction.
 */
registerCompanySetup('pos.demo', async (tx, companyId, opts) => {
  if (!opts.demo) return;
  const ctx = setupCtx(companyId, opts);
  const { defaultLocationId } = await loadInventorySettings(tx, companyId);
  if (!defaultLocationId) return;
  const p = tableOf(product);
  const ids = (await tx.select({ id: p.id }).from(p).where(sql`${p.companyId} = ${companyId} AND ${p.productType} = 'storable' AND ${p.isActive} AND ${p.salable}`).orderBy(p.id).limit(40))
    .map((r) => r.id as number);
  const stock = await stockQuantities(ctx, { productIds: ids, locationId: defaultLocationId });
  const sellable = stock.filter((s) => new Decimal(s.available).gte(10)).map((s) => s.productId).slice(0, 3);
  if (sellable.length < 3) return;
  const [a, b, c] = sellable as [number, number, number];
  const cashier = await demoCashier(ctx, tx, opts);
  const branch = await ops.create(ctx, posBranch, { name: 'Riyadh main store', nameAr: 'المتجر الرئيسي - الرياض', locationId: defaultLocationId, users: [opts.userId, cashier], isActive: true });
  const customer = (await tx.execute(sql`SELECT id FROM contacts WHERE company_id = ${companyId} AND is_customer AND name = 'Khalid Al-Harbi' LIMIT 1`)).rows[0] as { id: number } | undefined;

  const morning = await ops.create(ctx, posSession, { branchId: branch.id, openingCash: '500', notes: inLanguage(opts, 'First shift', 'الوردية الأولى') });
  // prices come from the price list: each sale is made once with the exact payments it needs (total read first)
  const total = async (lines: { productId: number; quantity: string }[]) => {
    return new Decimal((await quoteTillLines(ctx, { orderDate: companyToday(ctx), priceListId: null, locationId: defaultLocationId, items: lines.map((l) => ({ ...l, uomId: null, price: null })) })).totalAmount);
  };
  const doSale = async (sessionId: number, lines: { productId: number; quantity: string }[], pays: (t: Decimal) => SalePayment[], customerId: number | null = null) =>
    sell(ctx, { sessionId, customerId, priceListId: null, notes: null, lines: lines.map((l) => ({ ...l, uomId: null, price: null, discount: '0' })), payments: pays(await total(lines)) });
  const cash = (amount: Decimal.Value): SalePayment => ({ method: 'cash', amount: new Decimal(amount).toFixed(2), reference: null });
  const bank = (amount: Decimal.Value): SalePayment => ({ method: 'bank_transfer', amount: new Decimal(amount).toFixed(2), reference: 'TRX-' + new Decimal(amount).toFixed(0) });
  const sold = {
    cash: (await doSale(morning.id, [{ productId: a, quantity: '2' }], (t) => [cash(t.plus(50).div(50).ceil().times(50))])).order.id as number,
    bank: (await doSale(morning.id, [{ productId: b, quantity: '1' }, { productId: c, quantity: '1' }], (t) => [bank(t)])).order.id as number,
    credit: undefined as number | undefined,
  };
  await doSale(morning.id, [{ productId: c, quantity: '3' }], (t) => [cash(t.div(2).toDecimalPlaces(2)), bank(t.minus(t.div(2).toDecimalPlaces(2)))]);
  if (customer) sold.credit = (await doSale(morning.id, [{ productId: a, quantity: '1' }, { productId: b, quantity: '2' }], (t) => [cash(t.div(2).toDecimalPlaces(2)), { method: 'credit', amount: t.minus(t.div(2).toDecimalPlaces(2)).toFixed(2), reference: null }], customer.id)).order.id as number;
  await demoMorningReturns(ctx, tx, opts, morning.id, sold);
  const money = (await tx.execute(sql`SELECT coalesce(sum(amount) FILTER (WHERE method = 'cash'), 0)::text AS cash FROM pos_payments WHERE session_id = ${morning.id}`)).rows[0] as { cash: string };
  // the morning began eight hours ago; counted 2.50 short of the expected cash
  await tx.execute(sql`UPDATE pos_sessions SET opened_at = opened_at - interval '8 hours' WHERE id = ${morning.id}`);
  await ops.action(ctx, posSession, morning.id, 'close', { countedCash: new Decimal(500).plus(money.cash).minus('2.5').toFixed(2) });

  const evening = await ops.create(ctx, posSession, { branchId: branch.id, openingCash: '300', notes: inLanguage(opts, 'Second shift', 'الوردية الثانية') });
  await doSale(evening.id, [{ productId: b, quantity: '1' }], (t) => [cash(t)]);
  await demoEveningReturns(ctx, tx, opts, evening.id, sold);
  counted(opts, 'POS sessions', 2);
});
