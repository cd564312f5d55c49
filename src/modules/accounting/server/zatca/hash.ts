import { createHash } from 'node:crypto';
import { DOMParser, type Element, type Node } from '@xmldom/xmldom';
import { C14nCanonicalization } from 'xml-crypto';
import { UBL_NS } from './ubl';

/**
 * INVARIANT: the invoice hash, as ZATCA computes it (research/zatca.md, reproduced on the SDK's signed samples by
 * hash.test.ts): remove ext:UBLExtensions, cac:Signature and the cac:AdditionalDocumentReference whose cbc:ID is
 * QR, KEEPING the whitespace text around them; canonicalise with inclusive C14N (xml-crypto over @xmldom/xmldom;
 * exclusive C14N gives other bytes); SHA-256; base64 of the 32 raw bytes. It is the signed reference's
 * DigestValue, QR tag 6 and the next invoice's PIH. Hash exactly the bytes that are stored: never pretty-print or
 * re-serialise a document after hashing it.
 */

/** The PIH of a unit's first invoice: base64 of the HEX text of SHA-256("0") (not of its raw bytes). */
export const FIRST_PIH = Buffer.from(createHash('sha256').update('0').digest('hex')).toString('base64');

const c14n = new C14nCanonicalization();

export class XmlParseError extends Error {}

export function parseXml(xml: string): ReturnType<DOMParser['parseFromString']> {
  const errors: string[] = [];
  let doc: ReturnType<DOMParser['parseFromString']>;
  try {
    doc = new DOMParser({ onError: (level, msg) => { if (level !== 'warning') errors.push(msg); } }).parseFromString(xml, 'text/xml');
  } catch (e) {
    throw new XmlParseError((e as Error).message);
  }
  if (errors.length || !doc.documentElement) throw new XmlParseError(errors[0] ?? 'no document element');
  return doc;
}

const isEl = (n: Node | null): n is Element => !!n && n.nodeType === 1;

function isQrReference(e: Element): boolean {
  if (e.namespaceURI !== UBL_NS.cac || e.localName !== 'AdditionalDocumentReference') return false;
  for (let c = e.firstChild; c; c = c.nextSibling)
    if (isEl(c) && c.namespaceURI === UBL_NS.cbc && c.localName === 'ID') return (c.textContent ?? '').trim() === 'QR';
  return false;
}

/** The canonical text the hash is taken over (exported for tests and the bench). */
export function hashInput(xml: string): string {
  const root = parseXml(xml).documentElement!;
  const drop: Element[] = [];
  for (let n = root.firstChild; n; n = n.nextSibling) {
    if (!isEl(n)) continue;
    if ((n.namespaceURI === UBL_NS.ext && n.localName === 'UBLExtensions') || (n.namespaceURI === UBL_NS.cac && n.localName === 'Signature') || isQrReference(n)) drop.push(n);
  }
  for (const e of drop) root.removeChild(e); // the text nodes around them stay, as ZATCA's transforms leave them
  return c14n.process(root as unknown as globalThis.Node, {});
}

/** The invoice hash: base64 of SHA-256 of the canonical text (44 characters). */
export function invoiceHash(xml: string): string {
  return createHash('sha256').update(hashInput(xml), 'utf8').digest('base64');
}
