import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/support/test-app';
import { setClock } from '../../../core/time/company-time';
import { verifyLedger } from '../../accounting';
import { verifyStock } from '../../inventory';
import { type PosKit, posApp } from './pos.test-kit';
import { returnKit } from './return.test-kit';

/**
 * A TAXED till sale (the company's default VAT of 15% on every line) and its partial return, every figure worked
 * out by hand below and compared with the books, the credit note, the stock and the session (PGlite and PostgreSQL):
 *
 *   sale   A 3 x 100.00 = 300.00, VAT 45.00      B 2 x 12.50 = 25.00, VAT 3.75        total 373.75, cash 400 (change 26.25)
 *   return A 1 x 100.00 = 100.00, VAT 15.00      B 1 x 12.50 = 12.50, VAT 1.875 -> 1.88 (per line, half-up)
 *          credit note 112.50 + 16.88 = 129.38, all refunded in cash (the order was paid in full)
 *   cost   A at 60, B at 5: out 3x60 + 2x5 = 190, back 60 + 5 = 65; stock value 10x60 + 10x5 - 190 + 65 = 525
 *   cash   opening 200 + 373.75 - 129.38 = 444.37 expected at close
 */
let t: TestApp;
let k: PosKit;
let rk: ReturnType<typeof returnKit>;
beforeAll(async () => {
  setClock(() => new Date('2026-03-12T09:00:00Z'));
  ({ t, k } = await posApp());
  rk = returnKit(t, k);
  await k.q(sql`UPDATE accounting_settings SET default_tax_rate = 15 WHERE company_id = ${k.ctx.companyId}`);
}, 120_000);
afterAll(async () => { setClock(null); await t?.close(); });

it('a 15% VAT till sale and its partial return: journal entries, the credit note\'s tax, the stock value and the session\'s cash agree', async () => {
  const a = await k.product('Oud oil', '100', '10', '60');
  const b = await k.product('Incense', '12.50', '10', '5');
  const reason = await rk.reason('Changed mind');
  const s = await k.session(t.admin, '200');
  const o = await rk.sell(t.admin, s.id, [{ productId: a, quantity: '3' }, { productId: b, quantity: '2' }], [{ method: 'cash', amount: '400' }]);
  expect(o).toMatchObject({ subtotal: '325.0000', taxAmount: '48.7500', totalAmount: '373.7500', paidAmount: '373.7500', dueAmount: '0.0000' });
  // output VAT on 2102 (VAT payable), the sale's tax account
  const vatCode = '2102';
  expect(await rk.entryLines('invoice', o.invoiceId)).toEqual([['1103', '373.7500', '0.0000'], [vatCode, '0.0000', '48.7500'], ['4101', '0.0000', '325.0000']]);

  const q = await t.admin.post('/api/pos/returns/quote', { orderId: o.id, lines: [{ orderLine: 1, quantity: '1' }, { orderLine: 2, quantity: '1' }] });
  expect(q.json()).toMatchObject({ subtotal: '112.50', taxAmount: '16.88', totalAmount: '129.38', toDue: '0.0000', beyondDue: '129.3800' });
  const r = await rk.ret(t.admin, { sessionId: s.id, orderId: o.id, refundMethod: 'cash', reasonId: reason, lines: [{ orderLine: 1, quantity: '1' }, { orderLine: 2, quantity: '1', reason: 'Wrong scent' }] });
  expect(r.statusCode, r.body).toBe(201);
  const out = r.json();
  expect(out.return).toMatchObject({ subtotal: '112.5000', taxAmount: '16.8800', totalAmount: '129.3800', refundedAmount: '129.3800', appliedAmount: '0.0000', stockValue: '65.0000' });
  expect(out.refunds).toEqual([{ method: 'cash', amount: '-129.3800' }]);

  // the credit note carries the tax
  const [cn] = await k.q<Record<string, string | boolean>>(sql`SELECT is_credit_note AS "isCreditNote", subtotal::text, tax_amount::text AS tax, total_amount::text AS total, due_amount::text AS due, status
    FROM invoices WHERE id = ${out.creditNote.id}`);
  expect(cn).toEqual({ isCreditNote: true, subtotal: '112.5000', tax: '16.8800', total: '129.3800', due: '0.0000', status: 'PAID' });
  // its entry reverses the sale's accounts for the returned part; the refund leaves the cash; the goods come back at cost
  expect(await rk.entryLines('creditNote', out.creditNote.id)).toEqual([['1103', '0.0000', '129.3800'], [vatCode, '16.8800', '0.0000'], ['4102', '112.5000', '0.0000']]);
  const [pay] = await k.q<{ id: number }>(sql`SELECT id FROM invoice_payments WHERE invoice_id = ${out.creditNote.id}`);
  expect(await rk.entryLines('invoicePayment', pay!.id)).toEqual([['1101', '0.0000', '129.3800'], ['1103', '129.3800', '0.0000']]);
  expect(await rk.entryLines('salesReturn', out.return.id)).toEqual([['1104', '65.0000', '0.0000'], ['5101', '0.0000', '65.0000']]);

  // the stock: on hand and value (the layers and the inventory account alike)
  expect([await rk.onHand(a), await rk.onHand(b)]).toEqual(['8.000000', '9.000000']);
  const [value] = await k.q<{ layers: string; account: string; cogs: string; vat: string; cash: string }>(sql`SELECT
    (SELECT sum(value)::text FROM stock_valuation_layers WHERE product_id IN (${a}, ${b})) AS layers,
    (SELECT sum(l.debit - l.credit)::text FROM journal_lines l JOIN accounts x ON x.id = l.account_id WHERE x.company_id = ${k.ctx.companyId} AND x.code = '1104') AS account,
    (SELECT sum(l.debit - l.credit)::text FROM journal_lines l JOIN accounts x ON x.id = l.account_id WHERE x.company_id = ${k.ctx.companyId} AND x.code = '5101') AS cogs,
    (SELECT sum(l.credit - l.debit)::text FROM journal_lines l JOIN accounts x ON x.id = l.account_id WHERE x.company_id = ${k.ctx.companyId} AND x.code = ${vatCode}) AS vat,
    (SELECT sum(l.debit - l.credit)::text FROM journal_lines l JOIN accounts x ON x.id = l.account_id WHERE x.company_id = ${k.ctx.companyId} AND x.code = '1101') AS cash`);
  expect(value).toEqual({ layers: '525.0000', account: '525.0000', cogs: '125.0000', vat: '31.8700', cash: '244.3700' });

  // the session: summary and close (200 + 373.75 - 129.38)
  expect(await rk.summary(s.id)).toMatchObject({ orders: 1, sales: '373.7500', itemsSold: '5.000000', returns: 1, returnsTotal: '129.3800', refunds: '129.3800',
    refundMethods: { cash: '129.3800' }, paymentMethods: { cash: '373.7500' }, paid: '373.7500', dues: '0.0000' });
  const closed = await t.admin.post(`/api/pos/sessions/${s.id}/close`, { countedCash: '444.37' });
  expect(closed.statusCode, closed.body).toBe(200);
  expect(closed.json()).toMatchObject({ expectedCash: '444.3700', countedCash: '444.3700', cashDifference: '0.0000', differenceEntryId: null });
  expect(await verifyStock(t.db.orm, k.ctx.companyId)).toEqual([]);
  expect((await verifyLedger(t.db.orm, k.ctx.companyId)).ok).toBe(true);
});
