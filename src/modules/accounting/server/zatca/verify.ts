import { createPublicKey, verify as ecVerify } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Orm } from '../../../../core/db/connect';
import { certInfo } from './cert';
import { FIRST_PIH, invoiceHash, parseXml, XmlParseError } from './hash';
import { UBL_NS } from './ubl';

/**
 * The verify report: walks each unit's chain in ICV order and recomputes everything from the stored XML: the
 * hash (hash.ts) against the stored one and the signed reference's DigestValue, the ICV, PIH and UUID written in the
 * XML against the row, the PIH against the previous document's hash (the first: FIRST_PIH), the ICVs 1..n with no
 * gap, the signature over the hash with the unit's certificate, and the unit's head (last ICV and hash). Read in
 * batches of 500, so a long chain is never held in memory.
 */
export interface ChainProblem { unitId: number; icv: number | null; invoiceId: number | null; reason: 'hash' | 'digest' | 'fields' | 'pih' | 'gap' | 'signature' | 'unreadable' | 'head' }
/** Each unit's chain: its documents checked, its head's ICV and whether it is intact. */
export interface UnitChain { unitId: number; name: string; branchId: number | null; checked: number; lastIcv: number; ok: boolean }
export interface ChainReport { ok: boolean; units: number; checked: number; chains: UnitChain[]; problems: ChainProblem[] }

const cbcText = (el: Element, name: string) => {
  for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 1 && (c as Element).namespaceURI === UBL_NS.cbc && (c as Element).localName === name) return c.textContent ?? '';
  return null;
};

/** The chain fields written in a document: its UUID, ICV, PIH and the signed reference's DigestValue. */
export function chainFields(xml: string): { uuid: string | null; icv: string | null; pih: string | null; digest: string | null } {
  const root = parseXml(xml).documentElement! as unknown as Element;
  let icv: string | null = null;
  let pih: string | null = null;
  for (let n = root.firstChild; n; n = n.nextSibling) {
    if (n.nodeType !== 1 || (n as Element).localName !== 'AdditionalDocumentReference') continue;
    const id = cbcText(n as Element, 'ID');
    if (id === 'ICV') icv = cbcText(n as Element, 'UUID');
    if (id === 'PIH') pih = (n as Element).getElementsByTagNameNS(UBL_NS.cbc, 'EmbeddedDocumentBinaryObject')[0]?.textContent ?? null;
  }
  const ref = [...Array.from(root.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Reference'))].find((r) => r.getAttribute('Id') === 'invoiceSignedData');
  return { uuid: cbcText(root, 'UUID'), icv, pih, digest: ref?.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'DigestValue')[0]?.textContent ?? null };
}

interface DocRow { id: number; icv: number; invoiceId: number; uuid: string; hash: string; pih: string; xml: string; signature: string }

export async function verifyZatcaChain(q: Orm, companyId: number): Promise<ChainReport> {
  const units = (await q.execute(sql`SELECT id, name, branch_id AS "branchId", certificate, last_icv AS "lastIcv", last_hash AS "lastHash" FROM zatca_units WHERE company_id = ${companyId} ORDER BY id`)).rows as { id: number; name: string; branchId: number | null; certificate: string | null; lastIcv: number; lastHash: string }[];
  const problems: ChainProblem[] = [];
  const chains: UnitChain[] = [];
  let checked = 0;
  for (const u of units) {
    const before = { checked, problems: problems.length };
    const key = u.certificate ? createPublicKey({ key: certInfo(u.certificate).publicKey, format: 'der', type: 'spki' }) : null;
    let prevIcv = 0;
    let prevHash = FIRST_PIH;
    for (;;) {
      const rows = (await q.execute(sql`
        SELECT id, icv, invoice_id AS "invoiceId", uuid::text AS uuid, hash, pih, xml, signature FROM zatca_documents
        WHERE unit_id = ${u.id} AND icv > ${prevIcv} ORDER BY icv LIMIT 500`)).rows as unknown as DocRow[];
      for (const d of rows) {
        checked++;
        const p = (reason: ChainProblem['reason']) => problems.push({ unitId: u.id, icv: Number(d.icv), invoiceId: d.invoiceId, reason });
        if (Number(d.icv) !== prevIcv + 1) p('gap');
        if (d.pih !== prevHash) p('pih');
        try {
          const h = invoiceHash(d.xml);
          if (h !== d.hash) p('hash');
          const f = chainFields(d.xml);
          if (f.digest !== d.hash) p('digest');
          if (f.uuid !== d.uuid || f.icv !== String(d.icv) || f.pih !== d.pih) p('fields');
          if (key && !ecVerify('sha256', Buffer.from(d.hash, 'base64'), key, Buffer.from(d.signature, 'base64'))) p('signature');
        } catch (e) {
          if (!(e instanceof XmlParseError)) throw e;
          p('unreadable');
        }
        prevIcv = Number(d.icv);
        prevHash = d.hash;
      }
      if (rows.length < 500) break;
    }
    if (Number(u.lastIcv) !== prevIcv || u.lastHash !== prevHash) problems.push({ unitId: u.id, icv: null, invoiceId: null, reason: 'head' });
    chains.push({ unitId: u.id, name: u.name, branchId: u.branchId ?? null, checked: checked - before.checked, lastIcv: Number(u.lastIcv), ok: problems.length === before.problems });
  }
  return { ok: problems.length === 0, units: units.length, checked, chains, problems };
}
