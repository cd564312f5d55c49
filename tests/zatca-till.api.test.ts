import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './support/test-app';
import { type PosKit, posApp } from '../src/modules/pos/server/pos.test-kit';
import { certBase64 } from '../src/modules/accounting/server/zatca/cert';
import { fakeAuthority } from '../src/modules/accounting/server/zatca/fake-authority';
import { FIRST_PIH, invoiceHash } from '../src/modules/accounting/server/zatca/hash';
import { runZatcaQueue } from '../src/modules/accounting/server/zatca/queue';
import { testUnitKeys } from '../src/modules/accounting/server/zatca/test-support';

/** Across accounting and the till (so under tests/, not a module): a sale at the till makes its simplified e-invoice in the sale's transaction and never waits for the authority. */
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
