import { createPublicKey, verify } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Client, type TestApp, testApp } from '../../../../../tests/support/test-app';
import { FIRST_PIH, invoiceHash } from './hash';
import { zatcaQrTags, zatcaQrText } from './reads';
import { readTlv } from './test-support';
import { getRecord } from '../../../../core/entity/crud.read';
import { systemCtx } from '../../../../core/tenancy/system-ctx';
import { invoice } from '../../model/invoice.entity';
import { taxInvoiceDoc } from '../tax-invoice/document';
import { type ZatcaKit, zatcaKit } from './test-kit';

/** The chain: documents made when invoices and notes are confirmed, ICV gapless under parallel confirmations, the verify report. */
let t: TestApp;
let z: ZatcaKit;
let ar: Client;
beforeAll(async () => {
  t = await testApp();
  z = await zatcaKit(t);
  ar = await t.login('admin', ADMIN_PASSWORD, 'ar');
});
afterAll(async () => { await t?.close(); });

const tag = (xml: string, re: RegExp) => re.exec(xml)?.[1];

describe('ZATCA documents', () => {
  it('no onboarded unit: confirming makes no document', async () => {
    const inv = await z.sale(z.walkIn);
    await z.confirm(inv.id);
    expect(await z.docs()).toEqual([]);
  });

  it('a simplified invoice: ICV 1, the first PIH, the hash of its stored XML, signed, the QR tags equal to its totals', async () => {
    await z.addUnit();
    const inv = await z.confirm((await z.sale(z.walkIn)).id);
    const [d] = await z.docs();
    expect(d).toMatchObject({ invoiceId: inv.id, icv: 1, pih: FIRST_PIH, profile: 'simplified', kind: 'invoice', status: 'pending' });
    expect(invoiceHash(d!.xml)).toBe(d!.hash);
    expect(verify('sha256', Buffer.from(d!.hash, 'base64'), createPublicKey(z.keys.privateKey), Buffer.from(d!.signature, 'base64'))).toBe(true);
    expect(d!.xml).toContain('<cbc:InvoiceTypeCode name="0200000">388</cbc:InvoiceTypeCode>');
    expect(tag(d!.xml, /<cbc:ID>([^<]+)<\/cbc:ID>\s*<cbc:UUID>/)).toBe(inv.number);
    // 3 x 33.35 = 100.05, tax 15.01 (half-up per line); delivery 10 without tax
    expect(inv).toMatchObject({ subtotal: '110.0500', taxAmount: '15.0100', totalAmount: '125.0600' });
    expect(tag(d!.xml, /<cbc:PayableAmount currencyID="SAR">([^<]+)</)).toBe('125.06');
    expect(tag(d!.xml, /<cbc:TaxExclusiveAmount currencyID="SAR">([^<]+)</)).toBe('110.05');
    expect(d!.xml).toContain('<cbc:CompanyID>399999999900003</cbc:CompanyID>');
    expect(d!.xml).toContain('<cbc:RegistrationName>شركة دفتر</cbc:RegistrationName>');
    expect(d!.xml).toContain('>O</cbc:ID>'); // the untaxed line: out of scope
    const qr = readTlv(tag(d!.xml, /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</)!);
    expect([qr[1]!.toString(), qr[2]!.toString(), qr[4]!.toString(), qr[5]!.toString(), qr[6]!.toString(), qr[7]!.toString()]).toEqual(['شركة دفتر', '399999999900003', '125.06', '15.01', d!.hash, d!.signature]);
    expect(await zatcaQrText(t.db.orm, 1, inv.id)).toBe(tag(d!.xml, /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</));
    const tags = (await zatcaQrTags(t.db.orm, 1, inv.id))!;
    expect([tags[6], tags[7], tags[8].equals(qr[8]!), tags[9].equals(qr[9]!)]).toEqual([d!.hash, d!.signature, true, true]);
    // the printed invoice carries that very QR (tags 1-9) and the time the XML names
    const ctx = await systemCtx(t.db, 1);
    const doc = await taxInvoiceDoc(ctx, await getRecord(ctx, invoice, inv.id));
    expect(doc.qr).toBe(tag(d!.xml, /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</));
    expect(`${doc.date}T${doc.issueTime}`).toBe(qr[3]!.toString());
    expect(tag(d!.xml, /<cbc:IssueTime>([^<]+)</)).toBe(doc.issueTime);
    const info = (await t.admin.get(`/api/accounting/zatca/invoices/${inv.id}`)).json();
    expect(info).toMatchObject({ icv: 1, status: 'pending', profile: 'simplified' });
    expect(JSON.stringify(info)).not.toContain('PRIVATE KEY');
  });

  it('a business buyer gets a standard invoice naming its VAT number; its credit note refers to it', async () => {
    const inv = await z.confirm((await z.sale(z.business)).id);
    const cn = await t.admin.post(`/api/accounting/invoices/${inv.id}/creditNote`, { lines: [{ description: 'Chair', quantity: '1', unitPrice: '33.35', taxId: z.vat }] });
    expect(cn.statusCode).toBe(200);
    const docs = await z.docs();
    const std = docs.find((d) => d.invoiceId === inv.id)!;
    const note = docs.find((d) => d.invoiceId === cn.json().creditNoteId)!;
    expect(std).toMatchObject({ icv: 2, profile: 'standard', kind: 'invoice', pih: docs[0]!.hash });
    expect(std.xml).toContain('<cbc:InvoiceTypeCode name="0100000">388</cbc:InvoiceTypeCode>');
    expect(std.xml).toContain('<cbc:CompanyID>300000000000003</cbc:CompanyID>');
    expect(std.xml).not.toContain('<cbc:ID>QR</cbc:ID>');
    expect(note).toMatchObject({ icv: 3, profile: 'standard', kind: 'credit', pih: std.hash });
    expect(note.xml).toContain('<cbc:InvoiceTypeCode name="0100000">381</cbc:InvoiceTypeCode>');
    expect(tag(note.xml, /<cac:InvoiceDocumentReference>\s*<cbc:ID>([^<]+)</)).toBe(inv.number);
    expect(tag(note.xml, /<cbc:InstructionNote>([^<]+)</)).toBeTruthy();
    expect(tag(note.xml, /<cbc:PayableAmount currencyID="SAR">([^<]+)</)).toBe('38.35');
  });

  it('debit notes join the chain: 383 with the reason and the invoice they correct; a simplified invoice’s note stays simplified', async () => {
    const shop = (await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'Corner shop', isCustomer: true })).json();
    const simple = await z.confirm((await z.sale(shop.id)).id);
    // the shop registers for VAT after its invoice: the debit note follows the invoice's profile, not the buyer's new one
    const upd = await t.admin.patch(`/api/contacts/contacts/${shop.id}`, { version: shop.version, kind: 'company', taxNumber: '311111111111113' });
    expect(upd.statusCode, upd.body).toBe(200);
    const r1 = await t.admin.post(`/api/accounting/invoices/${simple.id}/debitNote`, { lines: [{ description: 'Delivery to the 3rd floor', unitPrice: '20', taxId: z.vat }], reason: 'Delivery not invoiced' });
    expect(r1.statusCode, r1.body).toBe(200);
    const std = (await z.docs()).find((d) => d.kind === 'invoice' && d.profile === 'standard')!;
    const stdInvoice = (await t.admin.get(`/api/accounting/invoices/${std.invoiceId}`)).json();
    const r2 = await ar.post(`/api/accounting/invoices/${std.invoiceId}/debitNote`, { lines: [{ description: 'Price corrected', quantity: '3', unitPrice: '1.65', taxId: z.vat }], reason: 'تصحيح السعر' });
    expect(r2.statusCode, r2.body).toBe(200);
    const docs = await z.docs();
    const [d0, d1, d2] = [docs.find((d) => d.invoiceId === simple.id)!, docs.find((d) => d.invoiceId === r1.json().debitNoteId)!, docs.find((d) => d.invoiceId === r2.json().debitNoteId)!];
    expect([d1.icv, d2.icv]).toEqual([d0.icv + 1, d0.icv + 2]);
    expect([d1.pih, d2.pih]).toEqual([d0.hash, d1.hash]);
    expect(d1).toMatchObject({ kind: 'debit', profile: 'simplified', status: 'pending' });
    expect(d1.xml).toContain('<cbc:InvoiceTypeCode name="0200000">383</cbc:InvoiceTypeCode>');
    expect(d1.xml).not.toContain('AccountingCustomerParty');
    expect(tag(d1.xml, /<cac:InvoiceDocumentReference>\s*<cbc:ID>([^<]+)</)).toBe(simple.number);
    expect(tag(d1.xml, /<cbc:InstructionNote>([^<]+)</)).toBe('Delivery not invoiced');
    expect(tag(d1.xml, /<cbc:PayableAmount currencyID="SAR">([^<]+)</)).toBe('23.00');
    expect(invoiceHash(d1.xml)).toBe(d1.hash);
    expect(verify('sha256', Buffer.from(d1.hash, 'base64'), createPublicKey(z.keys.privateKey), Buffer.from(d1.signature, 'base64'))).toBe(true);
    const qr = readTlv(tag(d1.xml, /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</)!);
    expect([qr[4]!.toString(), qr[5]!.toString(), qr[6]!.toString()]).toEqual(['23.00', '3.00', d1.hash]);
    expect(d2).toMatchObject({ kind: 'debit', profile: 'standard' });
    expect(d2.xml).toContain('<cbc:InvoiceTypeCode name="0100000">383</cbc:InvoiceTypeCode>');
    expect(d2.xml).toContain('<cbc:CompanyID>300000000000003</cbc:CompanyID>');
    expect(tag(d2.xml, /<cac:InvoiceDocumentReference>\s*<cbc:ID>([^<]+)</)).toBe(stdInvoice.number);
    expect(tag(d2.xml, /<cbc:InstructionNote>([^<]+)</)).toBe('تصحيح السعر');
    expect((await t.admin.get(`/api/accounting/zatca/invoices/${r2.json().debitNoteId}`)).json()).toMatchObject({ icv: d2.icv, kind: 'debit', profile: 'standard' });
    expect((await t.admin.get('/api/accounting/zatca/verify')).json()).toMatchObject({ ok: true, checked: docs.length });
  });

  it('an invoice in the chain is not edited or voided (a credit note is the way), in both languages; nothing changes', async () => {
    const inv = await z.confirm((await z.sale(z.walkIn)).id);
    const before = await z.docs();
    const en = await t.admin.post(`/api/accounting/invoices/${inv.id}/void`, {});
    expect(en.statusCode).toBe(409);
    expect(en.body).toContain('ZATCA e-invoicing chain (waiting to be sent)');
    expect(en.body).toContain('issue a credit note instead');
    await t.db.orm.execute(sql`UPDATE zatca_documents SET status = 'reported' WHERE invoice_id = ${inv.id}`);
    const arr = await ar.post(`/api/accounting/invoices/${inv.id}/void`, {});
    expect(arr.statusCode).toBe(409);
    expect(arr.body).toContain('ضمن سلسلة الفوترة الإلكترونية');
    expect(arr.body).toContain('تم الإبلاغ عنها');
    expect((await t.admin.patch(`/api/accounting/invoices/${inv.id}`, { reference: 'changed', version: inv.version })).statusCode).toBe(409);
    expect((await t.admin.get(`/api/accounting/invoices/${inv.id}`)).json()).toMatchObject({ status: 'CONFIRMED', reference: null });
    expect((await z.docs()).length).toBe(before.length);
    const voidable = await z.sale(z.walkIn); // a draft has no document: cancel works as before
    expect((await t.admin.post(`/api/accounting/invoices/${voidable.id}/cancel`, {})).statusCode).toBe(200);
  });

  it('the database refuses to change a signed document', async () => {
    await expect(t.db.orm.execute(sql`UPDATE zatca_documents SET xml = xml || ' ' WHERE icv = 1`)).rejects.toThrow();
    await expect(t.db.orm.execute(sql`DELETE FROM zatca_documents WHERE icv = 1`)).rejects.toThrow();
  });

  it('20 invoices confirmed at once: ICVs follow with no gap or repeat and each PIH is the previous hash', async () => {
    const start = (await z.docs()).length;
    const drafts = await Promise.all(Array.from({ length: 20 }, (_, i) => z.sale(i % 3 ? z.walkIn : z.business)));
    const res = await Promise.all(drafts.map((d) => t.admin.post(`/api/accounting/invoices/${d.id}/confirm`, {})));
    expect(res.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const docs = await z.docs();
    expect(docs.map((d) => d.icv)).toEqual(Array.from({ length: start + 20 }, (_, i) => i + 1));
    docs.forEach((d, i) => {
      expect(d.pih).toBe(i === 0 ? FIRST_PIH : docs[i - 1]!.hash);
      expect(invoiceHash(d.xml)).toBe(d.hash);
    });
    const unit = (await t.db.orm.execute(sql`SELECT id, last_icv::int AS icv, last_hash AS hash FROM zatca_units`)).rows[0] as { id: number; icv: number; hash: string };
    expect(unit).toEqual({ id: unit.id, icv: start + 20, hash: docs.at(-1)!.hash });
    expect((await t.admin.get('/api/accounting/zatca/verify')).json()).toEqual({ ok: true, units: 1, checked: start + 20, problems: [],
      chains: [{ unitId: unit.id, name: 'Till 1', branchId: null, checked: start + 20, lastIcv: start + 20, ok: true }] });
  });

  it('a company outside the ZATCA regime gets no document', async () => {
    const n = (await z.docs()).length;
    await t.db.orm.execute(sql`UPDATE companies SET country = 'AE' WHERE id = 1`);
    let id: number;
    try {
      id = (await z.confirm((await z.sale(z.walkIn)).id)).id;
    } finally {
      await t.db.orm.execute(sql`UPDATE companies SET country = 'SA' WHERE id = 1`);
    }
    expect((await z.docs()).length).toBe(n);
    // its e-invoice read answers null (the invoice page asks for every invoice: no 404 in the browser's console)
    const none = await t.admin.get(`/api/accounting/zatca/invoices/${id}`);
    expect([none.statusCode, none.body]).toEqual([200, 'null']);
    expect((await t.admin.get('/api/accounting/zatca/invoices/abc')).statusCode).toBe(404);
  });

  it('the verify report finds a tampered XML (and only it); signed in users only', async () => {
    expect((await t.anon().get('/api/accounting/zatca/verify')).statusCode).toBe(401);
    const docs = await z.docs();
    const victim = docs[4]!;
    await t.db.orm.execute(sql`ALTER TABLE zatca_documents DISABLE TRIGGER zatca_documents_guard`);
    await t.db.orm.execute(sql`UPDATE zatca_documents SET xml = replace(xml, '<cbc:PayableAmount currencyID="SAR">', '<cbc:PayableAmount currencyID="SAR">1') WHERE id = ${victim.id}`);
    await t.db.orm.execute(sql`ALTER TABLE zatca_documents ENABLE TRIGGER zatca_documents_guard`);
    const r = (await t.admin.get('/api/accounting/zatca/verify')).json();
    expect(r.ok).toBe(false);
    expect(r.checked).toBe(docs.length);
    expect(r.problems).toEqual([{ unitId: victim.unitId, icv: victim.icv, invoiceId: victim.invoiceId, reason: 'hash' }]);
  });
});
