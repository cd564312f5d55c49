import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { secretsKey } from '../../../../core/crypto/secrets';
import { withTx } from '../../../../core/db/tx';
import { AppError } from '../../../../core/http/errors';
import type { Ctx } from '../../../../core/http/context';
import { tr } from '../../../../core/i18n/locale';
import { companyNow, now } from '../../../../core/time/company-time';
import { packOf, taxNumberProblem } from '../../model/country-packs/packs';
import { baseUrlOf, complianceCheck, complianceCsid, OnboardingRefused, productionCsid } from './client';
import { makeCsr, newUnitKey } from './csr';
import { branchHasUnit, posBranchOf } from './branches';
import { sealUnitKey, sealUnitSecret } from './secrets';
import { FIRST_PIH } from './hash';
import { partyOf } from './map';
import { zm } from './messages';
import { signInvoice } from './sign';
import type { ZatcaInvoiceInput, ZatcaKind, ZatcaProfile } from './types';
import { invoiceXml } from './ubl';

/**
 * Onboarding a unit: its key (node:crypto) and CSR (csr.ts), the compliance CSID for the portal's OTP, one signed
 * sample of each document the unit issues (standard and simplified invoice, credit and debit note) checked by the
 * authority with the compliance CSID, then the production CSID. Only then is the unit stored, active, with its key,
 * certificate and secret (the key and secret sealed: secrets.ts), bound to a POS branch or not, at the start of its
 * chain (ICV 0, FIRST_PIH). Nothing is stored if any step fails.
 */
const input = z.object({
  name: z.string().trim().min(1).max(200),
  environment: z.enum(['sandbox', 'simulation', 'production']).default('sandbox'),
  otp: z.string().trim().regex(/^\d{6}$/),
  baseUrl: z.string().trim().max(500).regex(/^https?:\/\/[^\s]+$/).nullish(),
  branch: z.string().trim().max(200).nullish(),
  /** The POS branch whose till sales the unit signs; none: the company's office unit. */
  branchId: z.number().int().positive().max(2147483647).nullish(),
  industry: z.string().trim().max(200).nullish(),
});

function bad(ctx: Ctx, field: string, label: { en: string; ar: string }, status = 422): AppError {
  return new AppError(status, 'validation', label, { [field]: tr(label, ctx.locale) });
}

export async function onboardUnit(ctx: Ctx, body: unknown): Promise<{ id: number; name: string; environment: string; status: string; branchId: number | null }> {
  const p = input.safeParse(body ?? {});
  if (!p.success) {
    const field = String(p.error.issues[0]?.path[0] ?? 'name');
    const label = { name: zm.unitNameRequired, environment: zm.environmentInvalid, otp: zm.otpInvalid, baseUrl: zm.baseUrlInvalid, branchId: zm.branchNotFound }[field] ?? zm.unitNameRequired;
    throw bad(ctx, field, label);
  }
  const b = p.data;
  const company = (await ctx.db.orm.execute(sql`SELECT to_jsonb(c) AS row FROM companies c WHERE c.id = ${ctx.companyId}`)).rows[0]!.row as Record<string, unknown>;
  if (packOf(String(company.country)).eInvoicing !== 'zatca') throw bad(ctx, 'name', zm.notZatcaCompany, 409);
  const vat = String(company.tax_number ?? '');
  if (!vat || taxNumberProblem('SA', vat)) throw bad(ctx, 'name', zm.companyVatMissing, 409);
  const taken = (await ctx.db.orm.execute(sql`SELECT 1 FROM zatca_units WHERE company_id = ${ctx.companyId} AND name = ${b.name}`)).rows.length > 0;
  if (taken) throw bad(ctx, 'name', zm.unitNameTaken, 409);
  if (!secretsKey()) throw bad(ctx, 'name', zm.secretsKeyRequired, 409);
  const branch = b.branchId ? await posBranchOf(ctx, b.branchId) : null;
  if (b.branchId && !branch) throw bad(ctx, 'branchId', zm.branchNotFound);
  if (branch && await branchHasUnit(ctx.db.orm, ctx.companyId, branch.id)) throw bad(ctx, 'branchId', zm.branchTaken, 409);

  const base = baseUrlOf({ environment: b.environment, baseUrl: b.baseUrl ?? null });
  const seller = partyOf(company, ['nameAr', 'nameEn'])!;
  const key = newUnitKey();
  const serial = `1-Daftar|2-1.0|3-${randomUUID()}`;
  const csr = await makeCsr(key, {
    environment: b.environment, commonName: `Daftar-${b.name}`, serialNumber: serial, vatNumber: vat, organizationName: seller.name || String(company.name_en ?? ''),
    organizationUnit: b.branch || branch?.name || b.name, location: [seller.address.buildingNumber, seller.address.street, seller.address.city].filter(Boolean).join(' ') || 'SA',
    industry: b.industry || 'Retail',
  });
  try {
    const compliance = await complianceCsid(base, b.otp, csr);
    let pih = FIRST_PIH;
    let icv = 0;
    for (const profile of ['standard', 'simplified'] as ZatcaProfile[])
      for (const kind of ['invoice', 'credit', 'debit'] as ZatcaKind[]) {
        const doc = complianceSample(ctx, seller, profile, kind, ++icv, pih);
        const signed = signInvoice(invoiceXml(doc), { privateKey: key, certificate: compliance.certificate }, { signingTime: now().toISOString().slice(0, 19) + 'Z' });
        const a = await complianceCheck(base, compliance, { hash: signed.hash, uuid: doc.uuid, xml: signed.xml });
        if (a.outcome !== 'reported') throw new OnboardingRefused(a.messages.map((m) => m.code).join(', ') || `HTTP ${a.httpStatus}`);
        pih = signed.hash;
      }
    const prod = await productionCsid(base, compliance, compliance.requestId ?? '');
    return await withTx(ctx.db, async (tx) => {
      const r = (await tx.execute(sql`
        INSERT INTO zatca_units (company_id, name, serial_number, environment, base_url, status, branch_id, private_key, csr, certificate, secret, compliance_request_id, last_icv, last_hash)
        VALUES (${ctx.companyId}, ${b.name}, ${serial}, ${b.environment}, ${b.baseUrl ?? null}, 'active', ${branch?.id ?? null}, ${sealUnitKey(key)}, ${csr}, ${prod.certificate}, ${sealUnitSecret(prod.secret)}, ${compliance.requestId}, 0, ${FIRST_PIH})
        ON CONFLICT DO NOTHING
        RETURNING id, name, environment, status, branch_id AS "branchId"`)).rows[0] as { id: number; name: string; environment: string; status: string; branchId: number | null } | undefined;
      // a unit of the same name or for the same branch onboarded meanwhile
      if (!r) throw bad(ctx, branch ? 'branchId' : 'name', branch ? zm.branchTaken : zm.unitNameTaken, 409);
      return r;
    });
  } catch (e) {
    if (e instanceof OnboardingRefused) throw new AppError(422, 'validation', zm.onboardingFailed, { otp: tr(zm.onboardingFailed, ctx.locale, { detail: e.message }) }, { detail: e.message });
    if (e instanceof TypeError || (e as Error).name === 'TimeoutError') throw new AppError(503, 'unavailable', zm.authorityUnreachable);
    throw e;
  }
}

/** A small document of each kind for the compliance checks (not part of the unit's chain). */
function complianceSample(ctx: Ctx, seller: ReturnType<typeof partyOf> & object, profile: ZatcaProfile, kind: ZatcaKind, icv: number, pih: string): ZatcaInvoiceInput {
  const at = companyNow(ctx);
  const buyer = profile === 'standard' ? { name: 'Compliance Buyer', vatNumber: '399999999900003', address: { street: 'Test', buildingNumber: '1234', district: 'Test', city: 'Riyadh', postalCode: '12345', country: 'SA' } } : null;
  return {
    kind, profile, number: `COMPLIANCE-${icv}`, uuid: randomUUID(), icv, pih, issueDate: at.date, issueTime: at.time, currency: 'SAR', seller, buyer,
    lines: [{ name: 'Item', quantity: '1', price: '100.00', lineAmount: '100.00', taxAmount: '15.00', category: 'S', percent: '15.00' }],
    subtotals: [{ category: 'S', percent: '15.00', taxable: '100.00', tax: '15.00' }],
    totals: { lineExtension: '100.00', allowance: '0.00', taxExclusive: '100.00', tax: '15.00', taxInclusive: '115.00', payable: '115.00' },
    billingReference: kind === 'invoice' ? null : { number: 'COMPLIANCE-1', reason: 'Goods or services refund' },
    deliveryDate: profile === 'standard' ? at.date : null,
  };
}
