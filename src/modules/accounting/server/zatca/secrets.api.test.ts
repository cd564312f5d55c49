import { createPrivateKey, createPublicKey, randomBytes, verify as ecVerify } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Client, type TestApp, testApp } from '../../../../../tests/support/test-app';
import { certBase64 } from './cert';
import { type FakeAuthority, fakeAuthority } from './fake-authority';
import { FIRST_PIH, invoiceHash } from './hash';
import { runZatcaQueue } from './queue';
import { sealPlaintextUnits, unitKey } from './secrets';
import { type ZatcaKit, zatcaKit } from './test-kit';
import { verifyZatcaChain } from './verify';

/**
 * A unit's private key and API secret at rest (secrets.ts): sealed by onboarding, never in clear in the row; signing
 * and sending open them; a row from before encryption keeps signing and is sealed in place; a server whose
 * SECRETS_KEY is another (or missing in production) refuses the confirmation in both languages with nothing saved,
 * and its queue keeps the document pending instead of crashing.
 */
let t: TestApp;
let z: ZatcaKit;
let ar: Client;
let fake: FakeAuthority;
const q = (s: ReturnType<typeof sql>) => t.db.orm.execute(s);
const saved = { key: process.env.SECRETS_KEY, env: process.env.NODE_ENV };
const restore = () => {
  if (saved.key === undefined) delete process.env.SECRETS_KEY;
  else process.env.SECRETS_KEY = saved.key;
  process.env.NODE_ENV = saved.env;
};

beforeAll(async () => {
  t = await testApp();
  z = await zatcaKit(t);
  ar = await t.login('admin', ADMIN_PASSWORD, 'ar');
  fake = await fakeAuthority(certBase64(z.keys.certificate));
});
afterAll(async () => { restore(); await fake?.close(); await t?.close(); });
afterEach(restore);

const units = async () => (await q(sql`SELECT id, name, private_key AS "privateKey", secret FROM zatca_units ORDER BY id`)).rows as { id: number; name: string; privateKey: string; secret: string | null }[];
const counts = async () => (await q(sql`SELECT (SELECT count(*)::int FROM zatca_documents) AS docs, (SELECT count(*)::int FROM journal_entries) AS entries,
  (SELECT count(*)::int FROM invoices WHERE status = 'CONFIRMED') AS confirmed`)).rows[0];

describe('secrets at rest', () => {
  it('onboarding stores the key and secret sealed; signing and sending open them', async () => {
    const r = await t.admin.post('/api/accounting/zatca/units', { name: 'Office', otp: '123456', baseUrl: fake.url });
    expect(r.statusCode, r.body).toBe(201);
    const [u] = await units();
    expect(u!.privateKey.startsWith('sealed:v1:')).toBe(true);
    expect(u!.secret!.startsWith('sealed:v1:')).toBe(true);
    const row = JSON.stringify((await q(sql`SELECT to_jsonb(u) AS row FROM zatca_units u`)).rows);
    expect(row).not.toContain('PRIVATE KEY');
    expect(row).not.toContain('fake-secret');
    // signing opens the key: a document whose signature verifies with the unit's certificate
    const inv = await z.confirm((await z.sale(z.walkIn)).id);
    const [d] = await z.docs();
    expect(d).toMatchObject({ invoiceId: inv.id, icv: 1, pih: FIRST_PIH });
    expect(invoiceHash(d!.xml)).toBe(d!.hash);
    // (the fake authority issues the tests' certificate, not one of this key: the signature is checked with the opened key)
    const pub = createPublicKey(createPrivateKey(unitKey(u!.privateKey)));
    expect(ecVerify('sha256', Buffer.from(d!.hash, 'base64'), pub, Buffer.from(d!.signature, 'base64'))).toBe(true);
    // sending opens the secret: the authority receives the one it issued
    fake.seen.length = 0;
    expect((await runZatcaQueue(t.db, { companyId: 1 })).outcomes).toEqual({ reported: 1 });
    expect(Buffer.from(fake.seen[0]!.headers.authorization!.slice(6), 'base64').toString()).toMatch(/:fake-secret$/);
  });

  it('a row stored before encryption keeps signing, and is sealed in place', async () => {
    const keys = z.keys;
    await q(sql`UPDATE zatca_units SET status = 'disabled'`);
    await q(sql`INSERT INTO zatca_units (company_id, name, serial_number, environment, base_url, status, private_key, certificate, secret, last_icv, last_hash)
      VALUES (1, 'Old till', '1-Daftar|2-1.0|3-old', 'sandbox', ${fake.url}, 'active', ${keys.privateKey}, ${certBase64(keys.certificate)}, 'plain-secret', 0, ${FIRST_PIH})`);
    await z.confirm((await z.sale(z.walkIn)).id);
    expect(await sealPlaintextUnits(t.db)).toBe(1);
    expect(await sealPlaintextUnits(t.db)).toBe(0);
    const old = (await units()).find((u) => u.name === 'Old till')!;
    expect(old.privateKey.startsWith('sealed:v1:') && old.secret!.startsWith('sealed:v1:')).toBe(true);
    expect(old.privateKey).not.toContain('PRIVATE KEY');
    await z.confirm((await z.sale(z.walkIn)).id);
    const mine = (await z.docs()).filter((d) => d.unitId === old.id);
    expect(mine.map((d) => d.icv)).toEqual([1, 2]);
    expect(mine[1]!.pih).toBe(mine[0]!.hash);
    const report = await verifyZatcaChain(t.db.orm, 1);
    expect(report.chains.find((c) => c.unitId === old.id)).toMatchObject({ checked: 2, lastIcv: 2, ok: true });
    expect(report.problems.filter((p) => p.unitId === old.id)).toEqual([]);
    fake.seen.length = 0;
    expect((await runZatcaQueue(t.db, { companyId: 1 })).outcomes).toEqual({ reported: 2 });
    expect(fake.seen.every((x) => Buffer.from(x.headers.authorization!.slice(6), 'base64').toString().endsWith(':plain-secret'))).toBe(true);
  });

  it('another SECRETS_KEY: the confirmation is refused in both languages, nothing saved; the queue keeps the document pending', async () => {
    const en = await z.sale(z.walkIn);
    const arInv = await z.sale(z.walkIn);
    const before = await counts();
    process.env.SECRETS_KEY = randomBytes(32).toString('base64');
    const r = await t.admin.post(`/api/accounting/invoices/${en.id}/confirm`, {});
    expect(r.statusCode).toBe(503);
    expect(r.json().error.message).toMatch(/^The e-invoicing unit's key was sealed with another SECRETS_KEY \(key id [0-9a-f]{8}\) than this server's\. Nothing was saved$/);
    const a = await ar.post(`/api/accounting/invoices/${arInv.id}/confirm`, {});
    expect(a.statusCode).toBe(503);
    expect(a.json().error.message).toContain('مفتاح وحدة الفوترة الإلكترونية مشفّر بمفتاح SECRETS_KEY غير مفتاح هذا الخادم');
    expect(await counts()).toEqual(before);
    expect((await t.admin.get(`/api/accounting/invoices/${en.id}`)).json().status).toBe('DRAFT');
    // a document waiting to be sent: its secret does not open under this key, so it stays pending, said in last_error
    restore();
    await z.confirm(en.id);
    process.env.SECRETS_KEY = randomBytes(32).toString('hex');
    fake.seen.length = 0;
    expect((await runZatcaQueue(t.db, { companyId: 1, max: 1 })).outcomes).toEqual({ retry: 1 });
    expect(fake.seen).toEqual([]);
    const [d] = (await q(sql`SELECT status, last_error AS "lastError" FROM zatca_documents WHERE invoice_id = ${en.id}`)).rows as { status: string; lastError: string }[];
    expect(d).toMatchObject({ status: 'pending' });
    expect(d!.lastError).toContain('sealed with another SECRETS_KEY');
    // the verify report needs no secret
    expect((await verifyZatcaChain(t.db.orm, 1)).problems.filter((p) => p.reason !== 'signature')).toEqual([]);
  });

  it('in production without SECRETS_KEY: onboarding is refused (409, both languages) and confirming says what is missing', async () => {
    delete process.env.SECRETS_KEY;
    process.env.NODE_ENV = 'production';
    const n = (await units()).length;
    const r = await t.admin.post('/api/accounting/zatca/units', { name: 'Till 9', otp: '123456', baseUrl: fake.url });
    expect(r.statusCode).toBe(409);
    expect(r.json().error.fields.name).toBe('Set SECRETS_KEY on the server before onboarding a unit: its private key is stored encrypted');
    const a = await ar.post('/api/accounting/zatca/units', { name: 'Till 9', otp: '123456', baseUrl: fake.url });
    expect(a.json().error.fields.name).toBe('اضبط SECRETS_KEY على الخادم قبل تسجيل وحدة: يُحفظ مفتاحها الخاص مشفّرًا');
    expect((await units()).length).toBe(n);
    const inv = await z.sale(z.walkIn);
    const c = await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {});
    expect(c.statusCode).toBe(503);
    expect(c.json().error.message).toBe("The e-invoicing unit's key cannot be opened: SECRETS_KEY is not set on the server. Nothing was saved");
    expect(await sealPlaintextUnits(t.db)).toBe(0);
  });
});
