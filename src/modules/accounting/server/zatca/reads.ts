import { sql } from 'drizzle-orm';
import type { Orm } from '../../../../core/db/connect';
import type { Tx } from '../../../../core/db/tx';
import { branchNames } from './branches';
import { certInfo } from './cert';
import { phase2Tags, type Phase2Tags } from './sign';

/**
 * Reads for the rest of accounting (the tax-invoice PDF's QR adds tags 6-9 from here) and for the routes. Secrets
 * (the unit's key and API secret) are never answered.
 */
export interface ZatcaDocumentInfo {
  invoiceId: number; unitId: number; icv: number; uuid: string; hash: string; pih: string; profile: string; kind: string;
  status: string; messages: unknown[]; attempts: number; answeredAt: string | null;
}

export async function zatcaDocumentOf(q: Orm | Tx, companyId: number, invoiceId: number): Promise<(ZatcaDocumentInfo & { tags: Phase2Tags | null }) | null> {
  const d = (await q.execute(sql`
    SELECT d.invoice_id AS "invoiceId", d.unit_id AS "unitId", d.icv::int AS icv, d.uuid::text AS uuid, d.hash, d.pih, d.profile, d.kind, d.status,
      d.messages, d.attempts, d.answered_at::text AS "answeredAt", d.signature, u.certificate
    FROM zatca_documents d JOIN zatca_units u ON u.id = d.unit_id WHERE d.company_id = ${companyId} AND d.invoice_id = ${invoiceId}`)).rows[0] as
    (ZatcaDocumentInfo & { signature: string; certificate: string | null }) | undefined;
  if (!d) return null;
  const { signature, certificate, ...info } = d;
  return { ...info, tags: certificate ? phase2Tags(d.hash, signature, certInfo(certificate)) : null };
}

/** QR tags 6-9 of an invoice's signed document (simplified invoices print them), or null when it has none. */
export async function zatcaQrTags(q: Orm | Tx, companyId: number, invoiceId: number): Promise<Phase2Tags | null> {
  return (await zatcaDocumentOf(q, companyId, invoiceId))?.tags ?? null;
}

/** The units, each with its POS branch's names (null: the office unit). */
export async function zatcaUnits(q: Orm, companyId: number): Promise<Record<string, unknown>[]> {
  const units = (await q.execute(sql`
    SELECT u.id, u.name, u.serial_number AS "serialNumber", u.environment, u.base_url AS "baseUrl", u.status, u.branch_id AS "branchId", u.last_icv::int AS "lastIcv", u.created_at AS "createdAt",
      (SELECT count(*)::int FROM zatca_documents d WHERE d.unit_id = u.id AND d.status = 'pending') AS pending,
      (SELECT count(*)::int FROM zatca_documents d WHERE d.unit_id = u.id AND d.status = 'rejected') AS rejected
    FROM zatca_units u WHERE u.company_id = ${companyId} ORDER BY u.id`)).rows as Record<string, unknown>[];
  const names = await branchNames(q, companyId, [...new Set(units.map((u) => u.branchId).filter((x): x is number => typeof x === 'number'))]);
  return units.map((u) => ({ ...u, branch: typeof u.branchId === 'number' ? names.get(u.branchId) ?? null : null }));
}

/**
 * The QR text (base64 TLV of tags 1-9) written in an invoice's signed XML, or null (no document, or signed before
 * the encoder was set): printing this very text keeps the printed QR equal to the one the authority received.
 */
export async function zatcaQrText(q: Orm | Tx, companyId: number, invoiceId: number): Promise<string | null> {
  const r = (await q.execute(sql`
    SELECT substring(xml FROM '<cbc:ID>QR</cbc:ID>\\s*<cac:Attachment>\\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)<') AS qr
    FROM zatca_documents WHERE company_id = ${companyId} AND invoice_id = ${invoiceId}`)).rows[0] as { qr: string | null } | undefined;
  return r?.qr ?? null;
}
