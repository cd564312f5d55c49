import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Client, type TestApp, testApp } from '../../../../tests/support/test-app';
import { type Kit, kit } from './test-kit';

/**
 * An invoice confirmed without an e-invoice unit takes its number in the statement that posts its entry
 * (confirmInvoice's late path): the number is the entry's reference and the label of every entry line that has no
 * description; the invoice's row and audit rows are written by that statement; a refused confirmation takes no
 * number, so the series stays gapless.
 */
let t: TestApp;
let k: Kit;
let ar: Client;
let partnerId: number;

beforeAll(async () => {
  t = await testApp(); k = await kit(t);
  ar = await t.login('admin', ADMIN_PASSWORD, 'ar');
  partnerId = await k.contact();
});
afterAll(async () => { await t?.close(); });

const draft = async (date: string) => {
  const r = await t.admin.post('/api/accounting/invoices', {
    type: 'SALE', partnerId, date, lines: [{ description: 'Consulting', quantity: '1', unitPrice: '100' }, { quantity: '2', unitPrice: '10' }],
  });
  expect(r.statusCode).toBe(201);
  return r.json() as { id: number };
};
const setLockDate = async (lockDate: string | null) => {
  const s = (await t.admin.get('/api/accounting/settings/current')).json();
  expect((await t.admin.patch(`/api/accounting/settings/${s.id}`, { lockDate, version: s.version })).statusCode).toBe(200);
};

describe('an invoice numbered by its posting', () => {
  it('is numbered in its entry: reference, blank line labels, entry id, audit', async () => {
    const inv = await draft('2026-04-01');
    const conf = await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {});
    expect(conf.statusCode).toBe(200);
    const body = conf.json();
    expect(body).toMatchObject({ status: 'CONFIRMED', number: 'INV/2026/00001', totalAmount: '120.0000', dueAmount: '120.0000' });
    const entry = (await t.admin.get(`/api/accounting/journal-entries/${body.entryId}`)).json();
    expect(entry).toMatchObject({ reference: 'INV/2026/00001', status: 'posted', sourceType: 'invoice', sourceId: inv.id });
    // the receivable line and the line without a description carry the number; the described line keeps its text
    expect(entry.lines.map((l: { label: string | null }) => l.label)).toEqual(['INV/2026/00001', 'Consulting', 'INV/2026/00001']);
    expect((await t.admin.get(`/api/accounting/invoices/${inv.id}`)).json()).toMatchObject({ number: 'INV/2026/00001', entryId: body.entryId, status: 'CONFIRMED' });
    const audit = (await t.db.orm.execute(sql`SELECT action, after FROM audit_log WHERE entity = 'invoice' AND record_id = ${inv.id} ORDER BY id`)).rows;
    expect(audit.map((a) => a.action)).toEqual(['create', 'confirm']);
    expect(audit[1]!.after).toMatchObject({ number: 'INV/2026/00001', status: 'CONFIRMED', entryId: body.entryId });
  });

  it('takes no number when the confirmation is refused (both languages): the next one follows without a gap', async () => {
    const early = await draft('2026-01-15');
    await setLockDate('2026-01-31');
    try {
      const en = await t.admin.post(`/api/accounting/invoices/${early.id}/confirm`, {});
      expect(en.statusCode).toBe(422);
      expect(en.json().error.message).toBe('The date 2026-01-15 is on or before the lock date 2026-01-31');
      const inAr = await ar.post(`/api/accounting/invoices/${early.id}/confirm`, {});
      expect(inAr.statusCode).toBe(422);
      expect(inAr.json().error.message).toBe('التاريخ 2026-01-15 يقع في أو قبل تاريخ الإقفال 2026-01-31');
      expect((await t.admin.get(`/api/accounting/invoices/${early.id}`)).json()).toMatchObject({ status: 'DRAFT', number: null, entryId: null });
    } finally {
      await setLockDate(null);
    }
    const next = await draft('2026-04-02');
    expect((await t.admin.post(`/api/accounting/invoices/${next.id}/confirm`, {})).json().number).toBe('INV/2026/00002');
    expect((await t.admin.get('/api/accounting/ledger/verify')).json()).toMatchObject({ ok: true });
  });
});
