import { execPrepared } from '../../../../core/db/prepared';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../../core/db/tx';
import { memoInTx } from '../../../../core/db/tx-memo';
import type { Row } from '../../../../core/entity/hooks';
import { AppError } from '../../../../core/http/errors';
import type { Ctx } from '../../../../core/http/context';
import { tr } from '../../../../core/i18n/locale';
import { companyNow, now } from '../../../../core/time/company-time';
import { packOf } from '../../model/country-packs/packs';
import { isSaleSide } from '../invoice.posting';
import { loadTaxes } from '../invoice.totals';
import { type InvoiceRowForZatca, toZatcaInput } from './map';
import { statusLabel, zm } from './messages';
import { encodeQr, qrFields } from './qr';
import { issueWallClock } from '../tax-invoice/issue-time';
import { unitKey } from './secrets';
import { signInvoice } from './sign';
import { invoiceXml } from './ubl';

/**
 * INVARIANT: a unit's documents form one chain: ICV 1, 2, 3... with no gap or repeat, each PIH the hash of the
 * document before it (the first: FIRST_PIH). The transaction that confirms an invoice or a credit or debit note first
 * locks the unit that signs it (its POS branch's, else the company's unbound one; zatca_units FOR UPDATE, `lockUnit`, BEFORE the confirmation takes its number and
 * posts: so the unit is locked before any sales or cash journal's chain, in every flow: a plain invoice, a till sale
 * whose payment posts to the cash journal next, a return's credit note), then, once confirmed, makes the document
 * (`issueZatcaDocument`): the next ICV and the PIH from the unit's head, the XML written, hashed and signed, stored
 * as those exact bytes, and the head moved, all in that transaction, the lock held to its commit. A rollback gives
 * all of it back. Nothing here talks to the authority (queue.ts does, after the commit): a sale never waits for it.
 */
export interface LockedUnit {
  id: number; privateKey: string; certificate: string; lastIcv: number; lastHash: string;
  company: Record<string, unknown>; buyer: Record<string, unknown> | null;
  /** A note's original invoice: its number and its own e-invoice's profile, if it has one. */
  originalNumber: string | null; originalProfile: 'standard' | 'simplified' | null;
}

/**
 * The unit that signs `inv`, locked, with what the document will need (one statement); null when none applies.
 * A till sale's invoice (`posBranchId` set by the sale) goes to its branch's active unit; office invoices and notes
 * to the company's unbound unit (no branch). Failing those, the unbound unit, then the oldest active unit: an
 * invoice is never left out of every chain because its branch has no unit of its own.
 */
export async function lockUnit(ctx: Ctx, tx: Tx, inv: Row): Promise<LockedUnit | null> {
  if (!isSaleSide(String(inv.type))) return null;
  // a company without an active unit (most, and every one before its onboarding) locks nothing and, once known at
  // its configuration's version, makes no statement: a till sale asks under the stock journal's chain
  if (!(await hasActiveUnit(tx, ctx.companyId))) return null;
  const originalId = (inv.creditNoteOfId as number | null) ?? (inv.debitNoteOfId as number | null) ?? null;
  const branchId = originalId === null && typeof inv.posBranchId === 'number' ? inv.posBranchId : null;
  const u = (await execPrepared(tx, sql`
    SELECT u.id, u.private_key AS "privateKey", u.certificate, u.last_icv AS "lastIcv", u.last_hash AS "lastHash",
      (SELECT to_jsonb(c) FROM companies c WHERE c.id = u.company_id) AS company,
      (SELECT to_jsonb(p) FROM contacts p WHERE p.id = ${inv.partnerId as number} AND p.company_id = u.company_id) AS buyer,
      (SELECT o.number FROM invoices o WHERE o.id = ${originalId}::int AND o.company_id = u.company_id) AS "originalNumber",
      (SELECT d.profile FROM zatca_documents d WHERE d.invoice_id = ${originalId}::int AND d.company_id = u.company_id) AS "originalProfile"
    FROM zatca_units u WHERE u.company_id = ${ctx.companyId} AND u.status = 'active'
    ORDER BY CASE WHEN u.branch_id = ${branchId}::int THEN 0 WHEN u.branch_id IS NULL THEN 1 ELSE 2 END, u.id LIMIT 1 FOR UPDATE OF u`)).rows[0] as LockedUnit | undefined;
  if (!u || packOf(String(u.company.country ?? '')).eInvoicing !== 'zatca') return null;
  // sealed at rest (secrets.ts): a key this server cannot open refuses the confirmation (503), nothing saved
  return { ...u, privateKey: unitKey(u.privateKey) };
}

/** The signed document of a confirmed invoice (`inv`: the row with what the confirmation set), on its locked unit. */
export async function issueZatcaDocument(ctx: Ctx, tx: Tx, inv: Row, unit: LockedUnit): Promise<void> {
  const lines = inv.lines as InvoiceRowForZatca['lines'];
  const taxIds = [...new Set(lines.map((l) => l.taxId).filter((x): x is number => typeof x === 'number'))];
  const taxes = await loadTaxes(tx, ctx.companyId, taxIds, false);
  // the issue instant the confirmation stored (tax-invoice/issue-time.ts): the printed time, the XML's and the QR's
  const at = inv.issuedAt ? issueWallClock(inv.issuedAt as Date | string, ctx.timeZone) : companyNow(ctx);
  const input = toZatcaInput({
    invoice: { number: String(inv.number), date: String(inv.date), isCreditNote: inv.isCreditNote === true, isDebitNote: inv.isDebitNote === true,
      notes: (inv.notes as string | null) ?? null, reason: (inv.reason as string | null) ?? null, lines,
      discount: String(inv.discount ?? '0'), subtotal: String(inv.subtotal), taxAmount: String(inv.taxAmount), totalAmount: String(inv.totalAmount) },
    taxes, company: unit.company, buyer: unit.buyer, original: unit.originalNumber ? { number: unit.originalNumber, profile: unit.originalProfile } : null,
    chain: { uuid: randomUUID(), icv: Number(unit.lastIcv) + 1, pih: unit.lastHash },
    issueTime: at.time, decimals: Number(unit.company.currency_decimals ?? 2),
  });
  const signed = signInvoice(invoiceXml(input), { privateKey: unit.privateKey, certificate: unit.certificate }, {
    signingTime: now().toISOString().slice(0, 19) + 'Z',
    qr: input.profile === 'simplified' ? (tags) => encodeQr(qrFields(input, tags)) : undefined,
  });
  await tx.execute(sql`
    WITH d AS (
      INSERT INTO zatca_documents (company_id, unit_id, invoice_id, icv, uuid, hash, pih, profile, kind, xml, signature)
      VALUES (${ctx.companyId}, ${unit.id}, ${inv.id}, ${input.icv}, ${input.uuid}::uuid, ${signed.hash}, ${input.pih}, ${input.profile}, ${input.kind}, ${signed.xml}, ${signed.signature})
      RETURNING icv, hash)
    UPDATE zatca_units SET last_icv = d.icv, last_hash = d.hash, updated_at = now() FROM d WHERE zatca_units.id = ${unit.id}`);
}

/** 409 when the invoice has a ZATCA document: once signed into the chain it is corrected by a note, never changed. */
export async function refuseIfInChain(ctx: Ctx, tx: Tx, invoiceId: number): Promise<void> {
  const d = (await tx.execute(sql`SELECT status FROM zatca_documents WHERE invoice_id = ${invoiceId}`)).rows[0] as { status: string } | undefined;
  if (!d) return;
  const vars = { status: tr(statusLabel[d.status] ?? zm.statusPending, ctx.locale) };
  throw new AppError(409, 'conflict', zm.inChain, { _: tr(zm.inChain, ctx.locale, vars) }, vars);
}

/** Whether the company has an active unit, kept at its configuration's version (a unit's status bumps it: migration 0038). */
function hasActiveUnit(tx: Tx, companyId: number): Promise<boolean> {
  return memoInTx(tx, ['zatcaUnit'], `zatcaUnits:${companyId}`,
    async () => Boolean((await tx.execute(sql`SELECT EXISTS (SELECT 1 FROM zatca_units WHERE company_id = ${companyId} AND status = 'active') AS e`)).rows[0]?.e), companyId);
}
