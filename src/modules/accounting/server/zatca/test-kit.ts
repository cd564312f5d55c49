import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../../../tests/support/test-app';
import { FIRST_PIH } from './hash';
import { certBase64 } from './cert';
import { sealUnitKey, sealUnitSecret } from './secrets';
import { testUnitKeys } from './test-support';

/** For the ZATCA tests: the company's VAT number, customers with and without one, an active unit with a test key. */
export interface ZatcaKit {
  vat: number; walkIn: number; business: number; keys: { privateKey: string; certificate: string };
  /** An active unit, its key and secret sealed as onboarding stores them; `branchId` binds it to a POS branch. */
  addUnit(o?: { baseUrl?: string; name?: string; branchId?: number }): Promise<number>;
  sale(partnerId: number, lines?: unknown[]): Promise<Record<string, any>>;
  confirm(id: number): Promise<Record<string, any>>;
  docs(): Promise<Record<string, any>[]>;
}

export async function zatcaKit(t: TestApp): Promise<ZatcaKit> {
  const q = (s: ReturnType<typeof sql>) => t.db.orm.execute(s);
  await q(sql`UPDATE companies SET tax_number = '399999999900003', cr_number = '1010010000', name_ar = 'شركة دفتر' WHERE id = 1`);
  const vat = (await t.admin.get('/api/accounting/taxes')).json().items.find((x: { name: string }) => x.name === 'VAT 15%').id;
  const walkIn = (await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'Walk-in customer', isCustomer: true })).json().id;
  const business = (await t.admin.post('/api/contacts/contacts', { kind: 'company', name: 'Buyer Co', taxNumber: '300000000000003', address: 'Riyadh', isCustomer: true })).json().id;
  const keys = testUnitKeys();
  return {
    vat, walkIn, business, keys,
    async addUnit(o = {}) {
      const r = await q(sql`INSERT INTO zatca_units (company_id, name, serial_number, environment, base_url, status, branch_id, private_key, certificate, secret, last_icv, last_hash)
        VALUES (1, ${o.name ?? 'Till 1'}, '1-Daftar|2-1.0|3-test', 'sandbox', ${o.baseUrl ?? null}, 'active', ${o.branchId ?? null}, ${sealUnitKey(keys.privateKey)}, ${certBase64(keys.certificate)}, ${sealUnitSecret('test-secret')}, 0, ${FIRST_PIH}) RETURNING id`);
      return (r.rows[0] as { id: number }).id;
    },
    async sale(partnerId, lines) {
      const r = await t.admin.post('/api/accounting/invoices', { type: 'SALE', partnerId, date: '2026-04-01', lines: lines ?? [{ description: 'Chair', quantity: '3', unitPrice: '33.35', taxId: vat }, { description: 'Delivery', quantity: '1', unitPrice: '10' }] });
      if (r.statusCode !== 201) throw new Error(`sale ${r.statusCode} ${r.body}`);
      return r.json();
    },
    async confirm(id) {
      const r = await t.admin.post(`/api/accounting/invoices/${id}/confirm`, {});
      if (r.statusCode !== 200) throw new Error(`confirm ${r.statusCode} ${r.body}`);
      return r.json();
    },
    async docs() {
      return (await q(sql`SELECT id, unit_id AS "unitId", invoice_id AS "invoiceId", icv::int AS icv, uuid::text AS uuid, hash, pih, profile, kind, xml, signature, status, attempts, messages, cleared_xml AS "clearedXml" FROM zatca_documents ORDER BY unit_id, icv`)).rows as Record<string, any>[];
    },
  };
}
