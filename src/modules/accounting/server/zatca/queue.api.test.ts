import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Client, type TestApp, testApp } from '../../../../../tests/support/test-app';
import { certBase64 } from './cert';
import { type FakeAuthority, fakeAuthority } from './fake-authority';
import { registeredJobs, Scheduler } from '../../../../core/jobs/scheduler';
import { claimDue, runZatcaQueue } from './queue';
import { type ZatcaKit, zatcaKit } from './test-kit';

/** The authority's API against a fake endpoint: request shape, answers stored, retries without a second sending, onboarding. */
let t: TestApp;
let z: ZatcaKit;
let ar: Client;
let fake: FakeAuthority;
const q = (s: ReturnType<typeof sql>) => t.db.orm.execute(s);
const doc = async (invoiceId: number) => (await z.docs()).find((d) => d.invoiceId === invoiceId)!;
const dueNow = () => q(sql`UPDATE zatca_documents SET next_attempt_at = now() WHERE status = 'pending'`);

beforeAll(async () => {
  t = await testApp();
  z = await zatcaKit(t);
  ar = await t.login('admin', ADMIN_PASSWORD, 'ar');
  fake = await fakeAuthority(certBase64(z.keys.certificate));
  await z.addUnit({ baseUrl: fake.url });
});
afterAll(async () => { await fake?.close(); await t?.close(); });
beforeEach(() => { fake.mode = 'ok'; fake.seen.length = 0; });

describe('reporting and clearance', () => {
  it('a simplified invoice is reported, a standard one cleared: the request shape, the answers stored', async () => {
    const s = await z.confirm((await z.sale(z.walkIn)).id);
    const b = await z.confirm((await z.sale(z.business)).id);
    expect(fake.seen).toEqual([]); // confirming never calls the authority
    expect(await runZatcaQueue(t.db, { companyId: 1 })).toEqual({ sent: 2, outcomes: { reported: 1, cleared: 1 } });
    expect(fake.seen.map((x) => [x.path, x.problems])).toEqual([['/invoices/reporting/single', []], ['/invoices/clearance/single', []]]);
    const [rs, cs] = [await doc(s.id), await doc(b.id)];
    expect(fake.seen[0]!.xml).toBe(rs.xml); // the stored bytes, as they are
    expect(fake.seen[0]!.body).toMatchObject({ uuid: rs.uuid, invoiceHash: rs.hash });
    expect(fake.seen[0]!.headers.authorization).toBe('Basic ' + Buffer.from(`${Buffer.from(certBase64(z.keys.certificate)).toString('base64')}:test-secret`).toString('base64'));
    expect(rs).toMatchObject({ status: 'reported', attempts: 1 });
    expect(rs.messages).toEqual([{ type: 'warning', code: 'BR-KSA-08', en: 'ZATCA warning BR-KSA-08: Seller address: additional number should be 4 digits', ar: 'تحذير من هيئة الزكاة والضريبة والجمارك BR-KSA-08: Seller address: additional number should be 4 digits' }]);
    expect(cs).toMatchObject({ status: 'cleared', attempts: 1 });
    expect(cs.clearedXml).toContain('<!-- cleared -->');
    // answered documents are never sent again
    await dueNow();
    expect(await runZatcaQueue(t.db, { companyId: 1 })).toEqual({ sent: 0, outcomes: {} });
    expect((await t.admin.get(`/api/accounting/zatca/invoices/${s.id}`)).json()).toMatchObject({ status: 'reported', uuid: rs.uuid });
  });

  it('debit notes are sent like any document: a simplified invoice’s reported, a standard one’s cleared', async () => {
    const s = await z.confirm((await z.sale(z.walkIn)).id);
    const b = await z.confirm((await z.sale(z.business)).id);
    const note = async (id: number) => {
      const r = await t.admin.post(`/api/accounting/invoices/${id}/debitNote`, { lines: [{ description: 'Late delivery fee', unitPrice: '25', taxId: z.vat }], reason: 'Late delivery fee' });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().debitNoteId as number;
    };
    const [ds, db] = [await note(s.id), await note(b.id)];
    expect(await runZatcaQueue(t.db, { companyId: 1 })).toEqual({ sent: 4, outcomes: { reported: 2, cleared: 2 } });
    const [ns, nb] = [await doc(ds), await doc(db)];
    const seen = (d: Record<string, any>) => fake.seen.find((x) => x.body.uuid === d.uuid)!;
    expect([seen(ns).path, seen(ns).problems, seen(ns).xml === ns.xml]).toEqual(['/invoices/reporting/single', [], true]);
    expect([seen(nb).path, seen(nb).problems, seen(nb).body.invoiceHash === nb.hash]).toEqual(['/invoices/clearance/single', [], true]);
    expect([ns.status, nb.status]).toEqual(['reported', 'cleared']);
    expect([ns.kind, ns.profile, nb.kind, nb.profile]).toEqual(['debit', 'simplified', 'debit', 'standard']);
  });

  it('a server error leaves it pending with a later attempt; the retry sends the same UUID, hash and bytes', async () => {
    const inv = await z.confirm((await z.sale(z.walkIn)).id);
    fake.mode = 'fail';
    expect((await runZatcaQueue(t.db, { companyId: 1 })).outcomes).toEqual({ retry: 1 });
    const d1 = await doc(inv.id);
    expect(d1).toMatchObject({ status: 'pending', attempts: 1 });
    const later = (await q(sql`SELECT next_attempt_at > now() AS later, claim_token IS NULL AS free, last_error FROM zatca_documents WHERE id = ${d1.id}`)).rows[0];
    expect(later).toEqual({ later: true, free: true, last_error: 'HTTP 500' });
    expect((await runZatcaQueue(t.db, { companyId: 1 })).sent).toBe(0); // not due yet
    fake.mode = 'ok';
    await dueNow();
    expect((await runZatcaQueue(t.db, { companyId: 1 })).outcomes).toEqual({ reported: 1 });
    expect(fake.seen.map((x) => x.body.uuid)).toEqual([d1.uuid, d1.uuid]);
    expect(fake.seen.map((x) => x.body.invoiceHash)).toEqual([d1.hash, d1.hash]);
    expect(fake.seen[0]!.body.invoice).toBe(fake.seen[1]!.body.invoice);
    expect(await doc(inv.id)).toMatchObject({ status: 'reported', attempts: 2, icv: d1.icv });
  });

  it('no answer within the timeout: pending, asked again later', async () => {
    const inv = await z.confirm((await z.sale(z.walkIn)).id);
    fake.mode = 'hang';
    expect((await runZatcaQueue(t.db, { companyId: 1, timeoutMs: 300 })).outcomes).toEqual({ retry: 1 });
    expect((await q(sql`SELECT status, last_error FROM zatca_documents WHERE invoice_id = ${inv.id}`)).rows[0]).toEqual({ status: 'pending', last_error: 'timeout' });
    fake.mode = 'ok';
    await dueNow();
    expect((await runZatcaQueue(t.db, { companyId: 1 })).outcomes).toEqual({ reported: 1 });
  });

  it('a sender lost after its claim: nobody sends it while the claim holds; after it, the same document once', async () => {
    const inv = await z.confirm((await z.sale(z.walkIn)).id);
    const claim = await claimDue(t.db, 20, 1); // a sender that then dies
    expect(claim.docs.map((d) => d.uuid)).toEqual([(await doc(inv.id)).uuid]);
    expect(await runZatcaQueue(t.db, { companyId: 1 })).toEqual({ sent: 0, outcomes: {} });
    await q(sql`UPDATE zatca_documents SET claimed_until = now() - interval '1 second' WHERE invoice_id = ${inv.id}`);
    expect((await runZatcaQueue(t.db, { companyId: 1 })).outcomes).toEqual({ reported: 1 });
    expect(fake.seen.length).toBe(1);
    const d = await doc(inv.id);
    expect(d).toMatchObject({ status: 'reported', attempts: 2 });
    // the lost sender's late answer is not recorded over it
    const { recordAnswer } = await import('./queue');
    expect(await recordAnswer(t.db, d.id, claim.token, { outcome: 'rejected', httpStatus: 400, messages: [] }, 1)).toBe(false);
    expect((await doc(inv.id)).status).toBe('reported');
  });

  it('two senders at once send each document once', async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await z.confirm((await z.sale(z.walkIn)).id)).id);
    const [a, b] = await Promise.all([runZatcaQueue(t.db, { companyId: 1 }), runZatcaQueue(t.db, { companyId: 1 })]);
    expect(a.sent + b.sent).toBe(6);
    expect(new Set(fake.seen.map((x) => x.body.uuid)).size).toBe(6);
    expect(fake.seen.length).toBe(6);
  });

  it('a rejection is final: stored with its messages in both languages, never sent again', async () => {
    const inv = await z.confirm((await z.sale(z.walkIn)).id);
    fake.mode = 'reject';
    expect((await runZatcaQueue(t.db, { companyId: 1 })).outcomes).toEqual({ rejected: 1 });
    const d = await doc(inv.id);
    expect(d.status).toBe('rejected');
    expect(d.messages[0]).toMatchObject({ type: 'error', code: 'BR-KSA-37', ar: expect.stringContaining('خطأ من هيئة الزكاة والضريبة والجمارك BR-KSA-37') });
    fake.mode = 'ok';
    await q(sql`UPDATE zatca_documents SET next_attempt_at = now()`);
    expect((await runZatcaQueue(t.db, { companyId: 1 })).sent).toBe(0);
    // and the rejected invoice is still not voided: a credit note corrects it
    const v = await ar.post(`/api/accounting/invoices/${inv.id}/void`, {});
    expect(v.statusCode).toBe(409);
    expect(v.body).toContain('مرفوضة');
  });

  it('the till keeps selling while the authority is unreachable', async () => {
    await fake.close();
    const started = Date.now();
    for (let i = 0; i < 3; i++) await z.confirm((await z.sale(z.walkIn)).id);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await runZatcaQueue(t.db, { companyId: 1 })).outcomes).toEqual({ retry: 3 });
    fake = await fakeAuthority(certBase64(z.keys.certificate));
    await q(sql`UPDATE zatca_units SET base_url = ${fake.url}`);
    await dueNow();
    expect((await runZatcaQueue(t.db, { companyId: 1 })).outcomes).toEqual({ reported: 3 });
  });
});

describe('the scheduler', () => {
  it("the accounting.zatca job starts a sender outside the job's transaction; it reports what is due", async () => {
    const inv = await z.confirm((await z.sale(z.walkIn)).id);
    const job = registeredJobs().filter((j) => j.name === 'accounting.zatca');
    expect(await new Scheduler(t.db, job).tick()).toEqual({ ran: ['accounting.zatca'], failed: [] });
    for (let i = 0; i < 100 && (await doc(inv.id)).status === 'pending'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await doc(inv.id)).toMatchObject({ status: 'reported', attempts: 1 });
  });
});

describe('onboarding', () => {
  it('bad input is refused in both languages and nothing is stored', async () => {
    const n = (await q(sql`SELECT count(*)::int AS n FROM zatca_units`)).rows[0];
    const en = await t.admin.post('/api/accounting/zatca/units', { name: 'Till 2', otp: '12', baseUrl: fake.url });
    expect(en.statusCode).toBe(422);
    expect(en.json().error.fields.otp).toBe('The one-time password (OTP) from the Fatoora portal must be 6 digits');
    const a = await ar.post('/api/accounting/zatca/units', { name: 'Till 2', otp: '123456', environment: 'staging' });
    expect(a.statusCode).toBe(422);
    expect(a.json().error.fields.environment).toBe('يجب أن تكون البيئة: تجريبية أو محاكاة أو إنتاج');
    fake.mode = 'reject';
    const refused = await ar.post('/api/accounting/zatca/units', { name: 'Till 2', otp: '123456', baseUrl: fake.url });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('رفضت هيئة الزكاة والضريبة والجمارك التسجيل');
    expect((await q(sql`SELECT count(*)::int AS n FROM zatca_units`)).rows[0]).toEqual(n);
  });

  it('CSR with the unit identifiers, compliance CSID, six compliance checks, production CSID: the unit is active', async () => {
    const r = await t.admin.post('/api/accounting/zatca/units', { name: 'Till 2', otp: '123456', baseUrl: fake.url, branch: 'Olaya branch' });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ name: 'Till 2', status: 'active', environment: 'sandbox' });
    expect(fake.seen.map((x) => [x.path, x.problems.join()])).toEqual([
      ['/compliance', ''], ...Array(6).fill(['/compliance/invoices', '']), ['/production/csids', ''],
    ]);
    expect(fake.seen[0]!.headers.otp).toBe('123456');
    expect(fake.seen.at(-1)!.body).toEqual({ compliance_request_id: '1234567890123' });
    const codes = fake.seen.slice(1, 7).map((x) => /<cbc:InvoiceTypeCode name="(\d+)">(\d+)</.exec(x.xml!)!.slice(1).join('/'));
    expect(codes).toEqual(['0100000/388', '0100000/381', '0100000/383', '0200000/388', '0200000/381', '0200000/383']);
    const csr = Buffer.from(fake.seen[0]!.body.csr, 'base64').toString();
    const text = execFileSync('openssl', ['req', '-noout', '-text'], { input: csr }).toString();
    expect(text).toContain('ASN1 OID: secp256k1');
    expect(text).toContain('399999999900003');
    expect(text).toContain('TSTZATCA-Code-Signing');
    expect(text).toMatch(/1-Daftar\|2-1\.0\|3-[0-9a-f-]{36}/);
    expect(text).toContain('OU = Olaya branch');
    const units = (await t.admin.get('/api/accounting/zatca/units')).json().items;
    expect(units.map((u: { name: string; status: string }) => [u.name, u.status])).toEqual([['Till 1', 'active'], ['Till 2', 'active']]);
    expect(JSON.stringify(units)).not.toMatch(/PRIVATE|secret/i);
    const dup = await t.admin.post('/api/accounting/zatca/units', { name: 'Till 2', otp: '123456', baseUrl: fake.url });
    expect(dup.statusCode).toBe(409);
  });
});
