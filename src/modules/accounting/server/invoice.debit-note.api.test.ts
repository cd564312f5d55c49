import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Client, type TestApp, testApp } from '../../../../tests/support/test-app';
import { type Kit, kit } from './test-kit';

/**
 * Debit notes through the API: a sale's and a purchase's (own number, entry posted like an invoice's, own due paid
 * like an invoice's, the original untouched), the states that take one, the overdue job, the list filters, the print,
 * and every refusal in both languages with nothing saved.
 */
let t: TestApp;
let k: Kit;
let ar: Client;
let vat: number;
let ptax: number;
let partnerId: number;
const balance = (code: string) => k.balance(code);
/** What a refused request must leave as it was: invoices, entries, numbers taken, audit rows. */
const footprint = async () => (await k.q<Record<string, number>>(sql`SELECT (SELECT count(*)::int FROM invoices) AS invoices, (SELECT count(*)::int FROM journal_entries) AS entries,
  (SELECT coalesce(sum(next_value), 0)::int FROM doc_sequences) AS numbers, (SELECT count(*)::int FROM audit_log) AS audit`))[0]!;

beforeAll(async () => {
  t = await testApp(); k = await kit(t);
  ar = await t.login('admin', ADMIN_PASSWORD, 'ar');
  const taxes = (await t.admin.get('/api/accounting/taxes')).json().items as { id: number; name: string }[];
  vat = taxes.find((x) => x.name === 'VAT 15%')!.id;
  ptax = taxes.find((x) => x.name.includes('purchases'))!.id;
  partnerId = await k.contact();
});
afterAll(async () => { await t?.close(); });

const invoice = async (o: Record<string, unknown> = {}, confirm = true) => {
  const c = await t.admin.post('/api/accounting/invoices', {
    type: 'SALE', partnerId, date: '2026-04-01', paymentTermDays: 30, lines: [{ description: 'Consulting', quantity: '2', unitPrice: '100', taxId: vat }], ...o,
  });
  expect(c.statusCode, c.body).toBe(201);
  if (!confirm) return c.json();
  const r = await t.admin.post(`/api/accounting/invoices/${c.json().id}/confirm`, {});
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const extra = () => [{ description: 'Two more hours', quantity: '2', unitPrice: '100', taxId: vat }, { description: 'Travel', quantity: '1', unitPrice: '30' }];
const debit = (id: number, body: Record<string, unknown>, c: Client = t.admin) => c.post(`/api/accounting/invoices/${id}/debitNote`, body);

describe('a sale debit note', () => {
  it('is an invoice of its own: number DINV, receivable debited, income and output tax credited, due on the invoice’s terms', async () => {
    const inv = await invoice();
    const [recv, income, tax] = [await balance('1103'), await balance('4101'), await balance('2102')];
    const r = await debit(inv.id, { lines: extra(), reason: 'Two more hours agreed on site', date: '2026-04-10' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ number: 'DINV/2026/00001', totalAmount: '260.00', dueAmount: '260.0000', dueDate: '2026-05-10', status: 'CONFIRMED' });
    const dn = (await t.admin.get(`/api/accounting/invoices/${r.json().debitNoteId}`)).json();
    expect(dn).toMatchObject({
      type: 'SALE', partnerId, isDebitNote: true, isCreditNote: false, debitNoteOfId: inv.id, reference: inv.number, reason: 'Two more hours agreed on site',
      date: '2026-04-10', subtotal: '230.0000', taxAmount: '30.0000', totalAmount: '260.0000', paidAmount: '0.0000', dueAmount: '260.0000',
    });
    expect([await balance('1103') - recv, await balance('4101') - income, await balance('2102') - tax]).toEqual([260, -230, -30]);
    const [e] = await k.q<{ source_type: string; reference: string }>(sql`SELECT source_type, reference FROM journal_entries WHERE id = ${dn.entryId}`);
    expect(e).toEqual({ source_type: 'debitNote', reference: 'DINV/2026/00001' });
    // the original is as it was
    const after = (await t.admin.get(`/api/accounting/invoices/${inv.id}`)).json();
    expect(after).toMatchObject({ version: inv.version, status: 'CONFIRMED', totalAmount: inv.totalAmount, dueAmount: inv.dueAmount, creditedAmount: '0.0000' });
    // paid like an invoice: money in, PAID; the original still untouched
    const pay = await t.admin.post(`/api/accounting/invoices/${dn.id}/recordPayment`, { amount: '260', date: '2026-04-20' });
    expect(pay.json()).toMatchObject({ status: 'PAID', dueAmount: '0.0000' });
    expect(await balance('1103') - recv).toBe(0);
    expect((await t.admin.get(`/api/accounting/invoices/${inv.id}`)).json().version).toBe(inv.version);
    // the next one takes the next number; the print names the note, the invoice it corrects and the reason
    expect((await debit(inv.id, { lines: [{ description: 'Fee', unitPrice: '5' }], reason: 'Late fee' })).json().number).toBe('DINV/2026/00002');
    const html = (await t.admin.get(`/api/accounting/invoices/${dn.id}/print?lang=both`)).body;
    expect(html).toContain('Tax debit note');
    expect(html).toContain('إشعار مدين ضريبي');
    expect(html).toContain('Debit note for invoice');
    expect(html).toContain(inv.number);
    expect(html).toContain('Two more hours agreed on site');
  });

  it('any posted invoice takes one: partly paid, paid, overdue, fully credited', async () => {
    const part = await invoice();
    await t.admin.post(`/api/accounting/invoices/${part.id}/recordPayment`, { amount: '10' });
    const paid = await invoice();
    await t.admin.post(`/api/accounting/invoices/${paid.id}/recordPayment`, { amount: '230' });
    const late = await invoice({ date: '2026-01-01', paymentTermDays: 5 });
    await t.admin.post('/api/accounting/invoices/mark-overdue', { today: '2026-02-01' });
    const returned = await invoice();
    await t.admin.post(`/api/accounting/invoices/${returned.id}/creditNote`, {});
    const states = [];
    for (const i of [part, paid, late, returned]) {
      states.push((await t.admin.get(`/api/accounting/invoices/${i.id}`)).json().status);
      const r = await debit(i.id, { lines: [{ description: 'Restocking fee', unitPrice: '15' }], reason: 'Restocking fee', date: '2026-04-15' });
      expect(r.statusCode, r.body).toBe(200);
    }
    expect(states).toEqual(['PARTIALLY_PAID', 'PAID', 'OVERDUE', 'RETURNED']);
  });

  it('the overdue job treats it as an invoice; the list filters debit notes and an invoice’s notes (a credit note’s reason kept too)', async () => {
    const inv = await invoice({ date: '2026-06-01', paymentTermDays: 10 });
    const dn = (await debit(inv.id, { lines: [{ description: 'Missed fee', unitPrice: '40' }], reason: 'Missed fee', date: '2026-06-02' })).json();
    const cn = (await t.admin.post(`/api/accounting/invoices/${inv.id}/creditNote`, { lines: [{ description: 'Discount', unitPrice: '10' }], date: '2026-06-03', reason: ' Loyalty discount ' })).json();
    expect((await t.admin.get(`/api/accounting/invoices/${dn.debitNoteId}`)).json().dueDate).toBe('2026-06-12');
    await t.admin.post('/api/accounting/invoices/mark-overdue', { today: '2026-06-13' });
    expect((await t.admin.get(`/api/accounting/invoices/${dn.debitNoteId}`)).json().status).toBe('OVERDUE');
    expect((await t.admin.post(`/api/accounting/invoices/${dn.debitNoteId}/recordPayment`, { amount: '40' })).json().status).toBe('PAID');
    const notes = (await t.admin.get(`/api/accounting/invoices?filter[noteOfId]=${inv.id}&sort=id`)).json();
    expect(notes.items.map((n: { id: number; reason: string }) => [n.id, n.reason])).toEqual([[dn.debitNoteId, 'Missed fee'], [cn.creditNoteId, 'Loyalty discount']]);
    const debits = (await t.admin.get('/api/accounting/invoices?filter[isDebitNote]=true&pageSize=100')).json();
    expect(debits.items.length).toBeGreaterThan(1);
    expect(debits.items.every((n: { isDebitNote: boolean; number: string }) => n.isDebitNote && n.number.startsWith('D'))).toBe(true);
  });
});

describe('a purchase debit note', () => {
  it('mirrors the sale: goods received not invoiced (the purchases account) and input tax debited, payable credited, paid out of cash; number DBILL', async () => {
    const bill = await invoice({ type: 'PURCHASE', date: '2026-04-02', lines: [{ description: 'Chairs', quantity: '4', unitPrice: '50', taxId: ptax }] });
    expect(bill.number).toBe('BILL/2026/00001');
    const [received, input, payable] = [await balance('2104'), await balance('1105'), await balance('2101')];
    const r = await debit(bill.id, { lines: [{ description: 'Freight the supplier billed late', unitPrice: '20', taxId: ptax }], reason: 'Freight not on the bill' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ number: 'DBILL/2026/00001', totalAmount: '23.00' });
    expect([await balance('2104') - received, await balance('1105') - input, await balance('2101') - payable]).toEqual([20, 3, -23]);
    const cash = await balance('1101');
    expect((await t.admin.post(`/api/accounting/invoices/${r.json().debitNoteId}/recordPayment`, { amount: '23' })).json().status).toBe('PAID');
    expect([await balance('1101') - cash, await balance('2101') - payable]).toEqual([-23, 0]);
  });
});

describe('refusals, in both languages, nothing saved', () => {
  const refused = async (id: number, body: Record<string, unknown>, status: number, field: string, en: string | RegExp, arText: RegExp) => {
    const before = await footprint();
    const e = await debit(id, body);
    const a = await debit(id, body, ar);
    expect([e.statusCode, a.statusCode], e.body).toEqual([status, status]);
    if (typeof en === 'string') expect(e.json().error.fields[field]).toBe(en);
    else expect(e.json().error.fields[field]).toMatch(en);
    expect(a.json().error.fields[field]).toMatch(arText);
    expect(await footprint()).toEqual(before);
  };
  const lines = [{ description: 'Fee', unitPrice: '10' }];

  it('on a draft, a void invoice, a credit note or a debit note (409)', async () => {
    const draft = await invoice({}, false);
    const voided = await invoice();
    expect((await t.admin.post(`/api/accounting/invoices/${voided.id}/void`, {})).json().status).toBe('VOID');
    const inv = await invoice();
    const cn = (await t.admin.post(`/api/accounting/invoices/${inv.id}/creditNote`, { lines: [{ unitPrice: '10' }] })).json().creditNoteId;
    const dn = (await debit(inv.id, { lines, reason: 'Fee' })).json().debitNoteId;
    for (const id of [draft.id, voided.id, cn, dn])
      await refused(id, { lines, reason: 'Fee' }, 409, '_', 'A debit note can only be issued for a confirmed invoice, not for a draft, a void invoice or a note', /إشعار مدين إلا لفاتورة مؤكدة/);
  });

  it('no lines, a negative quantity or price, a zero total (422 on lines)', async () => {
    const inv = await invoice();
    await refused(inv.id, { reason: 'Fee' }, 422, 'lines', 'An invoice needs at least one line', /بند واحد على الأقل/);
    await refused(inv.id, { lines: [], reason: 'Fee' }, 422, 'lines', 'An invoice needs at least one line', /بند واحد على الأقل/);
    await refused(inv.id, { lines: [{ description: 'Fee', quantity: '-1', unitPrice: '10' }], reason: 'Fee' }, 422, 'lines', /^Line 1/, /السطر 1/);
    await refused(inv.id, { lines: [{ description: 'Fee', unitPrice: '10' }, { description: 'Refund', unitPrice: '-5' }], reason: 'Fee' }, 422, 'lines', /^Line 2/, /السطر 2/);
    await refused(inv.id, { lines: [{ description: 'Nothing', unitPrice: '0' }], reason: 'Fee' }, 422, 'lines', 'The invoice total must be greater than zero', /أكبر من صفر/);
  });

  it('a missing, blank or too long reason (422 on reason)', async () => {
    const inv = await invoice();
    await refused(inv.id, { lines }, 422, 'reason', 'Reason is required', /^السبب مطلوب$/);
    await refused(inv.id, { lines, reason: '   ' }, 422, 'reason', 'Reason is required', /^السبب مطلوب$/);
    await refused(inv.id, { lines, reason: 'x'.repeat(501) }, 422, 'reason', 'Reason must be at most 500 characters', /500/);
    await refused(inv.id, { lines, reason: 42 }, 422, 'reason', 'Reason is not valid', /السبب غير صالح/);
  });

  it('an impossible date, one out of range, one before the invoice (422 on date)', async () => {
    const inv = await invoice();
    await refused(inv.id, { lines, reason: 'Fee', date: '2026-02-30' }, 422, 'date', 'Date must be a date', /تاريخ/);
    await refused(inv.id, { lines, reason: 'Fee', date: '1700-01-01' }, 422, 'date', /^Date must be between/, /يجب أن يكون التاريخ بين/);
    await refused(inv.id, { lines, reason: 'Fee', date: '2026-03-31' }, 422, 'date', 'The note cannot be dated before the invoice it corrects (2026-04-01)', /لا يمكن أن يسبق تاريخ الإشعار/);
  });

  it("another company's invoice is not found (404), and a user without the permission is refused (403)", async () => {
    const inv = await invoice();
    const su = await t.anon().post('/api/auth/signup', { companyNameEn: 'Other Co', companyNameAr: 'شركة أخرى', currency: 'SAR', username: 'dn-other', fullName: 'Other', password: 'other-pass-1' });
    expect(su.statusCode, su.body).toBe(201);
    const other = await t.login('dn-other', 'other-pass-1');
    const before = await footprint();
    expect((await debit(inv.id, { lines, reason: 'Fee' }, other)).statusCode).toBe(404);
    const g = (await t.admin.post('/api/admin/groups', { name: 'Invoice clerks', permissions: ['accounting.invoice.view', 'accounting.invoice.creditNote'] })).json();
    expect((await t.admin.post('/api/admin/users', { username: 'clerk', fullName: 'Clerk', password: 'secret-pass-1', groups: [g.id] })).statusCode).toBe(201);
    const clerk = await t.login('clerk', 'secret-pass-1');
    expect((await debit(inv.id, { lines, reason: 'Fee' }, clerk)).statusCode).toBe(403);
    const after = await footprint();
    expect([after.invoices, after.entries, after.numbers]).toEqual([before.invoices, before.entries, before.numbers]);
  });

  it('keeps the ledger verifiable after all of it', async () => {
    expect((await t.admin.get('/api/accounting/ledger/verify')).json()).toMatchObject({ ok: true });
  });
});
