import { createHash } from 'node:crypto';
import { fix4 } from './ledger.validate';

/**
 * The hash chain of posted entries (invariant 2): SHA-256 over the previous hash and a canonical text of the
 * posted fields (decimal strings with 4 places, so 100, 100.0 and 100.0000 hash alike). Changing any posted
 * field or line behind the application's back breaks the chain at that entry.
 */
export interface HashInput {
  companyId: number; journalId: number; chainSeq: number; number: string; date: string; reference: string | null;
  lines: { accountId: number; debit: string; credit: string; contactId: number | null }[];
}

/**
 * The canonical text around its two parts known only under the journal's lock: canonical = pre + chainSeq + '|' +
 * number + post. The posting statement joins them in SQL (ledger.write.ts), verify through `canonical`.
 */
export function canonicalParts(e: Omit<HashInput, 'chainSeq' | 'number'>): { pre: string; post: string } {
  return { pre: `${e.companyId}|${e.journalId}|`, post: `|${e.date.slice(0, 10)}|${e.reference ?? ''}${linesText(e.lines)}` };
}

/** The lines' part of the canonical text, its end (a reference taken in SQL goes just before it). */
export function linesText(lines: HashInput['lines']): string {
  return lines.map((l, i) => `\n${i + 1}|${l.accountId}|${fix4(l.debit)}|${fix4(l.credit)}|${l.contactId ?? ''}`).join('');
}

export function canonical(e: HashInput): string {
  const { pre, post } = canonicalParts(e);
  return `${pre}${e.chainSeq}|${e.number}${post}`;
}

export function entryHash(prevHash: string, e: HashInput): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonical(e)).digest('hex');
}
