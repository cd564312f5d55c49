import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './support/test-app';
import { type PosKit, posApp } from '../src/modules/pos/server/pos.test-kit';
import { certBase64 } from '../src/modules/accounting/server/zatca/cert';
import { fakeAuthority } from '../src/modules/accounting/server/zatca/fake-authority';
import { FIRST_PIH, invoiceHash } from '../src/modules/accounting/server/zatca/hash';
import { runZatcaQueue } from '../src/modules/accounting/server/zatca/queue';
import { sealUnitKey, sealUnitSecret } from '../src/modules/accounting/server/zatca/secrets';
import { testUnitKeys } from '../src/modules/accounting/server/zatca/test-support';
import { verifyZatcaChain } from '../src/modules/accounting/server/zatca/verify';
import { ADMIN_PASSWORD } from './support/test-app';

/**
 * Across accounting and the till (so under tests/, not a module): a sale at the till makes its simplified e-invoice
 * in the sale's transaction and never waits for the authority; with units bound to POS branches, each branch's till
 * sales form their own chain (ICV 1..n, PIH links) on its unit, also when sold at once at both branches, while office
 * invoices, notes and a branch without a unit go to the company's unbound unit.
 */
let t: TestApp;
let k: PosKit;
beforeAll(async () => {
  ({ t, k } = await posApp());
  await k.q(sql`UPDATE companies SET tax_number = '399999999900003' WHERE id = ${k.ctx.companyId}`);
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('the till with an onboarded unit', () => {
  it('sells while the authority is unreachable; the queue reports the sale once it answers', async () => {
    const keys = testUnitKeys();
    // a closed port: nothing answers there
    await k.q(sql`INSERT INTO zatca_units (company_id, name, serial_number, environment, base_url, status, private_key, certificate, secret, last_icv, last_hash)
      VALUES (${k.ctx.companyId}, 'Olaya till', '1-Daftar|2-1.0|3-till', 'sandbox', 'http://127.0.0.1:9', 'active', ${keys.privateKey}, ${certBase64(keys.certificate)}, 's', 0, ${FIRST_PIH})`);
    const p = await k.product('Dates box', '20', '10');
    const s = await k.session();
    const started = Date.now();
    const sold = await t.admin.post('/api/pos/sales', { sessionId: s.id, lines: [{ productId: p, quantity: '2' }], payments: [{ method: 'cash', amount: '40' }] });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(Date.now() - started).toBeLessThan(10_000);
    const [d] = await k.q<Record<string, any>>(sql`SELECT icv::int AS icv, pih, hash, xml, profile, status FROM zatca_documents`);
    expect(d).toMatchObject({ icv: 1, pih: FIRST_PIH, profile: 'simplified', status: 'pending' });
    expect(invoiceHash(d!.xml)).toBe(d!.hash);
    expect(d!.xml).toContain('<cbc:PayableAmount currencyID="SAR">40.00</cbc:PayableAmount>');
    expect((await runZatcaQueue(t.db, { companyId: k.ctx.companyId })).outcomes).toEqual({ retry: 1 });
    const fake = await fakeAuthority(certBase64(keys.certificate));
    try {
      await k.q(sql`UPDATE zatca_units SET base_url = ${fake.url}`);
      await k.q(sql`UPDATE zatca_documents SET next_attempt_at = now()`);
      expect((await runZatcaQueue(t.db, { companyId: k.ctx.companyId })).outcomes).toEqual({ reported: 1 });
      expect(fake.seen.map((x) => x.problems)).toEqual([[]]);
    } finally {
      await fake.close();
    }
  });
});

describe('units per POS branch', () => {
  const units = () => k.q<Record<string, any>>(sql`SELECT id, name, branch_id AS "branchId", last_icv::int AS "lastIcv", last_hash AS "lastHash" FROM zatca_units ORDER BY id`);
  const docsOf = (unitId: number) => k.q<Record<string, any>>(sql`SELECT d.icv::int AS icv, d.pih, d.hash, d.xml, i.pos_branch_id AS "branchId", i.id AS "invoiceId"
    FROM zatca_documents d JOIN invoices i ON i.id = d.invoice_id WHERE d.unit_id = ${unitId} ORDER BY d.icv`);
  const addUnit = async (name: string, branchId: number | null) => {
    const keys = testUnitKeys();
    const [u] = await k.q<{ id: number }>(sql`INSERT INTO zatca_units (company_id, name, serial_number, environment, base_url, status, branch_id, private_key, certificate, secret, last_icv, last_hash)
      VALUES (${k.ctx.companyId}, ${name}, ${'1-Daftar|2-1.0|3-' + name}, 'sandbox', 'http://127.0.0.1:9', 'active', ${branchId}, ${sealUnitKey(keys.privateKey)}, ${certBase64(keys.certificate)}, ${sealUnitSecret('s')}, 0, ${FIRST_PIH}) RETURNING id`);
    return u!.id;
  };
  const chainOk = (docs: Record<string, any>[], n: number) => {
    expect(docs.map((d) => d.icv)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    docs.forEach((d, i) => {
      expect(d.pih).toBe(i === 0 ? FIRST_PIH : docs[i - 1]!.hash);
      expect(invoiceHash(d.xml)).toBe(d.hash);
      expect(d.xml).toContain(`<cbc:UUID>${d.icv}</cbc:UUID>`);
    });
  };

  it('two branches with their own units: 10 sales at once at each give each unit ICV 1..10 and its own PIH chain', async () => {
    const [admin] = await k.q<{ id: number }>(sql`SELECT id FROM users WHERE username = 'admin'`);
    const malaz = (await t.admin.post('/api/pos/branches', { name: 'Malaz store', nameAr: 'فرع الملز', locationId: k.stock, users: [admin!.id] })).json().id as number;
    const [office] = await units(); // the unbound unit of the test above (its first document already made)
    const officeStart = office!.lastIcv as number;
    const olayaUnit = await addUnit('Olaya tills', k.branch);
    const malazUnit = await addUnit('Malaz tills', malaz);
    const p = await k.product('Coffee beans', '30', '1000');
    const [s1] = await k.q<{ id: number }>(sql`SELECT id FROM pos_sessions WHERE branch_id = ${k.branch} AND status = 'active'`); // the test above's
    const s2 = await k.session(t.admin, '100', malaz);
    const sell = (session: number) => t.admin.post('/api/pos/sales', { sessionId: session, lines: [{ productId: p, quantity: '1' }], payments: [{ method: 'cash', amount: '30' }] });
    const res = await Promise.all(Array.from({ length: 20 }, (_, i) => sell(i % 2 ? s2.id : s1!.id)));
    expect(res.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const olaya = await docsOf(olayaUnit);
    const mz = await docsOf(malazUnit);
    chainOk(olaya, 10);
    chainOk(mz, 10);
    expect(olaya.every((d) => d.branchId === k.branch)).toBe(true);
    expect(mz.every((d) => d.branchId === malaz)).toBe(true);
    expect((await docsOf(office!.id)).length).toBe(officeStart); // nothing of the tills on the office unit
    const heads = await units();
    expect(heads.find((u) => u.id === olayaUnit)).toMatchObject({ lastIcv: 10, lastHash: olaya.at(-1)!.hash });
    expect(heads.find((u) => u.id === malazUnit)).toMatchObject({ lastIcv: 10, lastHash: mz.at(-1)!.hash });

    // office invoices and notes (a till sale's credit note too) on the unbound unit; a branch without a unit falls back to it
    const inv = (await t.admin.post('/api/accounting/invoices', { type: 'SALE', partnerId: k.customer, date: '2026-04-01', lines: [{ description: 'Catering', quantity: '1', unitPrice: '50' }] })).json();
    expect((await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {})).statusCode).toBe(200);
    const cn = await t.admin.post(`/api/accounting/invoices/${olaya[0]!.invoiceId}/creditNote`, { reason: 'Returned' });
    expect(cn.statusCode, cn.body).toBe(200);
    const third = (await t.admin.post('/api/pos/branches', { name: 'Khobar store', nameAr: 'فرع الخبر', locationId: k.stock, users: [admin!.id] })).json().id as number;
    const s3 = await k.session(t.admin, '100', third);
    expect((await sell(s3.id)).statusCode).toBe(201);
    const officeDocs = await docsOf(office!.id);
    chainOk(officeDocs, officeStart + 3);
    expect(officeDocs.slice(officeStart).map((d) => d.branchId)).toEqual([null, null, third]);
    expect((await docsOf(olayaUnit)).length).toBe(10);

    // the verify report walks each unit's chain
    const report = await verifyZatcaChain(t.db.orm, k.ctx.companyId);
    expect(report.problems).toEqual([]);
    expect(report.chains.map((c) => [c.name, c.branchId, c.checked, c.ok])).toEqual([
      ['Olaya till', null, officeStart + 3, true], ['Olaya tills', k.branch, 10, true], ['Malaz tills', malaz, 10, true],
    ]);
    // the unit list names each unit's branch in both languages
    const list = (await t.admin.get('/api/accounting/zatca/units')).json().items as Record<string, any>[];
    expect(list.map((u) => [u.name, u.branch?.name ?? null, u.branch?.nameAr ?? null])).toEqual([
      ['Olaya till', null, null], ['Olaya tills', 'Olaya store', 'فرع العليا'], ['Malaz tills', 'Malaz store', 'فرع الملز'],
    ]);
  });

  it('onboarding or binding a unit to an unknown branch or one that has an active unit is refused in both languages, nothing stored', async () => {
    const ar = await t.login('admin', ADMIN_PASSWORD, 'ar');
    const n = (await units()).length;
    const unknown = await t.admin.post('/api/accounting/zatca/units', { name: 'Far till', otp: '123456', baseUrl: 'http://127.0.0.1:9', branchId: 999999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fields.branchId).toBe('The POS branch does not exist');
    const taken = await ar.post('/api/accounting/zatca/units', { name: 'Second Olaya', otp: '123456', baseUrl: 'http://127.0.0.1:9', branchId: k.branch });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.branchId).toBe('لفرع نقطة البيع هذا وحدة فوترة إلكترونية نشطة بالفعل');
    expect((await units()).length).toBe(n);
    // binding an existing unit: the office unit to a branch that has one is refused; unbinding and binding work
    const office = (await units()).find((u) => u.branchId === null)!;
    const busy = await ar.patch(`/api/accounting/zatca/units/${office.id}`, { branchId: k.branch });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.fields.branchId).toBe('لفرع نقطة البيع هذا وحدة فوترة إلكترونية نشطة بالفعل');
    expect((await t.admin.patch(`/api/accounting/zatca/units/${office.id}`, { branchId: 999999 })).json().error.fields.branchId).toBe('The POS branch does not exist');
    expect((await t.admin.patch('/api/accounting/zatca/units/999999', { branchId: null })).statusCode).toBe(404);
    const olaya = (await units()).find((u) => u.branchId === k.branch)!;
    expect((await t.admin.patch(`/api/accounting/zatca/units/${olaya.id}`, { branchId: null })).json()).toEqual({ id: olaya.id, branchId: null });
    expect((await t.admin.patch(`/api/accounting/zatca/units/${olaya.id}`, { branchId: k.branch })).json()).toEqual({ id: olaya.id, branchId: k.branch });
    // the database says it too: a second active unit of a branch
    await expect(k.q(sql`INSERT INTO zatca_units (company_id, name, serial_number, status, branch_id, private_key, last_hash) VALUES (${k.ctx.companyId}, 'dup', 'x', 'active', ${k.branch}, 'k', ${FIRST_PIH})`)).rejects.toThrow();
  });
});
