import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ctxOf } from '../../../../tests/support/ctx';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { withTx } from '../../../core/db/tx';
import { AppError } from '../../../core/http/errors';
import type { Ctx } from '../../../core/http/context';
import {
  computeInvoice, confirmInvoice, createInvoice, creditInvoice, debitInvoice, entriesOfSource, invoiceById, payInvoice, quoteInvoice,
} from '../index';
import { type Kit, kit } from './test-kit';

/** Accounting's public entry for invoices: pure totals, and create / confirm / pay / credit joined to the caller's transaction. */
let t: TestApp;
let k: Kit;
let ctx: Ctx;
let vat: number;
let partnerId: number;
beforeAll(async () => {
  t = await testApp(); k = await kit(t); ctx = await ctxOf(t);
  vat = (await t.admin.get('/api/accounting/taxes')).json().items.find((x: { name: string }) => x.name === 'VAT 15%').id;
  partnerId = await k.contact();
});
afterAll(async () => { await t?.close(); });

const lines = () => [{ description: 'Consulting', quantity: '2', unitPrice: '100', taxId: vat }, { description: 'Setup', unitPrice: '50' }];
const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(() => null, (x: unknown) => x);
  if (!(e instanceof AppError)) throw new Error(`expected an AppError, got ${String(e)}`);
  return { status: e.status, message: e.messageIn('en'), fields: e.fields };
};

describe('computeInvoice (pure)', () => {
  it('computes lines, taxes and totals from the given tax definitions and decimals', () => {
    const taxes = [{ id: 7, rate: '15', type: 'percent', priceIncluded: false, accountId: null }, { id: 8, rate: '15', type: 'percent', priceIncluded: true, accountId: null }];
    const r = computeInvoice({ lines: [{ quantity: '3', unitPrice: '10.005', taxId: 7 }, { unitPrice: '115', taxId: 8 }], taxes, discount: '1', decimals: 3 });
    expect(r).toMatchObject({ subtotal: '130.015', taxAmount: '19.502', totalAmount: '148.517' });
    expect(r.lines.map((l) => [l.amount, l.taxAmount])).toEqual([['30.015', '4.502'], ['100.000', '15.000']]);
    expect(computeInvoice({ lines: [{ unitPrice: '0.005' }], taxes: [], decimals: 2 }).totalAmount).toBe('0.01');
  });

  it('refuses a tax it was not given, an invalid line and a zero total, naming the line in both languages', async () => {
    expect(await refusal(Promise.resolve().then(() => computeInvoice({ lines: [{ unitPrice: '5' }, { unitPrice: '5', taxId: 99 }], taxes: [], decimals: 2 }))))
      .toMatchObject({ status: 422, fields: { lines: expect.stringContaining('2') } });
    expect((await refusal(Promise.resolve().then(() => computeInvoice({ lines: [{ unitPrice: 'x' }], taxes: [], decimals: 2, locale: 'ar' })))).fields!.lines)
      .toMatch(/[\u0600-\u06FF]/);
    expect((await refusal(Promise.resolve().then(() => computeInvoice({ lines: [{ unitPrice: '0' }], taxes: [], decimals: 2 })))).status).toBe(422);
  });

  it("quoteInvoice uses the company's taxes and currency decimals", async () => {
    expect(await quoteInvoice(ctx, { lines: lines() })).toMatchObject({ subtotal: '250.00', taxAmount: '30.00', totalAmount: '280.00' });
  });
});

describe('invoices in the caller’s transaction', () => {
  it('creates, confirms, pays and credits an invoice inside one withTx; entriesOfSource sees its entries before the commit', async () => {
    const out = await withTx(t.db, async () => {
      const inv = await createInvoice(ctx, { type: 'SALE', partnerId, date: '2026-04-01', paymentTermDays: 10, lines: lines() });
      expect(inv).toMatchObject({ status: 'DRAFT', number: null, totalAmount: '280.0000', dueDate: '2026-04-11' });
      const conf = await confirmInvoice(ctx, inv.id);
      const entries = await entriesOfSource(ctx, { type: 'invoice', id: inv.id });
      const pay = await payInvoice(ctx, inv.id, { amount: '80', date: '2026-04-05' });
      const cn = await creditInvoice(ctx, inv.id, { lines: [{ description: 'Setup refund', unitPrice: '50' }], date: '2026-04-06' });
      return { inv, conf, entries, pay, cn, after: await invoiceById(ctx, inv.id) };
    });
    expect(out.conf).toMatchObject({ status: 'CONFIRMED', number: 'INV/2026/00001' });
    expect(out.entries).toHaveLength(1);
    expect(out.entries[0]).toMatchObject({ id: out.conf.entryId, reference: 'INV/2026/00001', status: 'posted', totalDebit: '280.0000' });
    expect(out.entries[0]!.lines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      [k.acc('1103'), '280.0000', '0.0000'], [k.acc('4101'), '0.0000', '200.0000'], [k.acc('4101'), '0.0000', '50.0000'], [k.acc('2102'), '0.0000', '30.0000']]);
    expect(out.pay).toMatchObject({ status: 'PARTIALLY_PAID', paidAmount: '80.0000', dueAmount: '200.0000' });
    expect(out.cn).toMatchObject({ totalAmount: '50.00', applied: '50.0000', dueAmount: '150.0000', status: 'PARTIALLY_PAID' });
    expect(out.after).toMatchObject({ status: 'PARTIALLY_PAID', paidAmount: '80.0000', creditedAmount: '50.0000', dueAmount: '150.0000' });
    // committed: the payment's and the credit note's entries are found by their sources
    const [payment] = await k.q<{ id: number }>(sql`SELECT id FROM invoice_payments WHERE invoice_id = ${out.inv.id}`);
    expect((await entriesOfSource(ctx, { type: 'invoicePayment', id: payment!.id }))[0]!.totalDebit).toBe('80.0000');
    expect((await entriesOfSource(ctx, { type: 'creditNote', id: out.cn.creditNoteId }))[0]!.lines).toContainEqual(expect.objectContaining({ accountId: k.acc('1103'), credit: '50.0000' }));
    // the audit trail is the generic service's: create, confirm, recordPayment, then the credit note's two rows (the
    // amounts it changed on the invoice, written by ops.write; the action and its body, by runAction)
    const audit = await k.q<{ action: string }>(sql`SELECT action FROM audit_log WHERE entity = 'invoice' AND record_id = ${out.inv.id} ORDER BY id`);
    expect(audit.map((a) => a.action)).toEqual(['create', 'confirm', 'recordPayment', 'creditNote', 'creditNote']);
  });

  it('a failure after confirm and pay rolls back the invoice, its entries, its number and its payment', async () => {
    const before = await k.q<{ n: number; e: number; p: number }>(sql`SELECT (SELECT count(*)::int FROM invoices) AS n, (SELECT count(*)::int FROM journal_entries) AS e, (SELECT count(*)::int FROM invoice_payments) AS p`);
    let id = 0;
    await expect(withTx(t.db, async () => {
      id = (await createInvoice(ctx, { type: 'SALE', partnerId, date: '2026-04-02', lines: lines() })).id;
      await confirmInvoice(ctx, id);
      await payInvoice(ctx, id, { amount: '280' });
      throw new Error('the caller fails after');
    })).rejects.toThrow('the caller fails after');
    expect(await k.q(sql`SELECT (SELECT count(*)::int FROM invoices) AS n, (SELECT count(*)::int FROM journal_entries) AS e, (SELECT count(*)::int FROM invoice_payments) AS p`)).toEqual(before);
    expect(await refusal(invoiceById(ctx, id))).toMatchObject({ status: 404 });
    // the number was not spent: the next confirmed sale takes 00002
    const next = await createInvoice(ctx, { type: 'SALE', partnerId, date: '2026-04-03', lines: lines() });
    expect((await confirmInvoice(ctx, next.id)).number).toBe('INV/2026/00002');
  });

  it('refuses as the routes do: invalid input (422 naming the field), a payment over the due (422), a transition not allowed (409)', async () => {
    expect(await refusal(createInvoice(ctx, { type: 'SALE', partnerId: 0, date: '2026-04-01', lines: lines() }))).toMatchObject({ status: 422, fields: { partnerId: expect.any(String) } });
    const inv = await createInvoice(ctx, { type: 'SALE', partnerId, date: '2026-04-01', lines: lines() });
    expect(await refusal(payInvoice(ctx, inv.id, { amount: '1' }))).toMatchObject({ status: 409 });
    await confirmInvoice(ctx, inv.id);
    expect(await refusal(confirmInvoice(ctx, inv.id))).toMatchObject({ status: 409 });
    expect(await refusal(payInvoice(ctx, inv.id, { amount: '280.01' }))).toMatchObject({ status: 422, message: 'The payment 280.01 is more than the amount due 280.00' });
    expect(await refusal(creditInvoice(ctx, inv.id, { lines: [{ unitPrice: '1000' }] }))).toMatchObject({ status: 422 });
    expect(await refusal(confirmInvoice(ctx, 2147483647))).toMatchObject({ status: 404 });
    expect(await entriesOfSource(ctx, { type: 'invoice', id: -1 })).toEqual([]);
  });

  it('debitInvoice issues a debit note in the caller’s transaction, rolled back with it; refuses as the route does', async () => {
    const inv = await createInvoice(ctx, { type: 'SALE', partnerId, date: '2026-05-01', paymentTermDays: 15, lines: lines() });
    const conf = await confirmInvoice(ctx, inv.id);
    const n = await k.q<{ n: number }>(sql`SELECT count(*)::int AS n FROM invoices WHERE is_debit_note`);
    await expect(withTx(t.db, async () => {
      await debitInvoice(ctx, inv.id, { lines: [{ description: 'Missed fee', unitPrice: '40' }], reason: 'Missed fee' });
      throw new Error('the caller fails after');
    })).rejects.toThrow('the caller fails after');
    expect(await k.q(sql`SELECT count(*)::int AS n FROM invoices WHERE is_debit_note`)).toEqual(n);
    const dn = await withTx(t.db, async () => {
      const d = await debitInvoice(ctx, inv.id, { lines: [{ description: 'Extra hour', unitPrice: '100', taxId: vat }], reason: 'One more hour', date: '2026-05-03' });
      return { d, note: await invoiceById(ctx, d.debitNoteId), entries: await entriesOfSource(ctx, { type: 'debitNote', id: d.debitNoteId }) };
    });
    // the rolled-back note gave its number back
    expect(dn.d).toMatchObject({ number: 'DINV/2026/00001', totalAmount: '115.00', dueAmount: '115.0000', dueDate: '2026-05-18', status: 'CONFIRMED' });
    expect(dn.note).toMatchObject({ isDebitNote: true, debitNoteOfId: inv.id, reference: conf.number, reason: 'One more hour', isCreditNote: false, creditNoteOfId: null });
    expect(dn.entries[0]!.lines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      [k.acc('1103'), '115.0000', '0.0000'], [k.acc('4101'), '0.0000', '100.0000'], [k.acc('2102'), '0.0000', '15.0000']]);
    expect(await refusal(debitInvoice(ctx, inv.id, { lines: [{ unitPrice: '1' }], reason: ' ' }))).toMatchObject({ status: 422, fields: { reason: 'Reason is required' } });
    expect(await refusal(debitInvoice(ctx, dn.d.debitNoteId, { lines: [{ unitPrice: '1' }], reason: 'x' }))).toMatchObject({ status: 409 });
    expect(await refusal(debitInvoice(ctx, 2147483647, { lines: [{ unitPrice: '1' }], reason: 'x' }))).toMatchObject({ status: 404 });
  });
});
