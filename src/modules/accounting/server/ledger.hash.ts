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

export function canonical(e: HashInput): string {
  const head = [e.companyId, e.journalId, e.chainSeq, e.number, e.date.slice(0, 10), e.reference ?? ''].join('|');
  const lines = e.lines.map((l, i) => `${i + 1}|${l.accountId}|${fix4(l.debit)}|${fix4(l.credit)}|${l.contactId ?? ''}`);
  return [head, ...lines].join('\n');
}

export function entryHash(prevHash: string, e: HashInput): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonical(e)).digest('hex');
}
