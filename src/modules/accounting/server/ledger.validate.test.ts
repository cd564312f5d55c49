import { describe, expect, it } from 'vitest';
import { canonical, entryHash } from './ledger.hash';
import { normalizeLines, reversedLines } from './ledger.validate';

/** Invariant 1 as a pure function, and the canonical form the hash chain signs. */
describe('normalizeLines', () => {
  it('accepts a balanced set and canonicalises amounts without floats', () => {
    const r = normalizeLines([{ accountId: 1, debit: '0.1' }, { accountId: 1, debit: 0.2 }, { accountId: 2, credit: '0.3' }]);
    expect(r).toMatchObject({ totalDebit: '0.3000', totalCredit: '0.3000' });
    expect(r.lines[1]).toEqual({ accountId: 1, label: null, debit: '0.2000', credit: '0.0000', contactId: null });
  });
  it('refuses unbalanced, both sides, negative, empty, too precise and too few lines', () => {
    const msg = (raw: unknown, locale: 'en' | 'ar' = 'en') => { try { normalizeLines(raw, locale); return 'ok'; } catch (e) { return (e as { messageIn(l: string): string }).messageIn(locale); } };
    expect(msg([{ accountId: 1, debit: '100.00' }, { accountId: 2, credit: '99.99' }])).toBe('The entry is not balanced: debit 100.00 and credit 99.99 differ');
    expect(msg([{ accountId: 1, debit: '100.00' }, { accountId: 2, credit: '99.99' }], 'ar')).toBe('القيد غير متوازن: المدين 100.00 لا يساوي الدائن 99.99');
    expect(msg([{ accountId: 1, debit: '1', credit: '1' }, { accountId: 2, credit: '0' }])).toMatch(/Line 1: enter either/);
    expect(msg([{ accountId: 1, debit: '-1' }, { accountId: 2, credit: '-1' }])).toMatch(/negative/);
    expect(msg([{ accountId: 1, debit: '1' }, { accountId: 2 }])).toMatch(/Line 2: enter a debit or a credit/);
    expect(msg([{ accountId: 1, debit: '1.00001' }, { accountId: 2, credit: '1.00001' }])).toMatch(/Line 1 is not valid/);
    expect(msg([{ accountId: 1, debit: '1' }])).toMatch(/at least one debit line/);
    expect(msg([{ accountId: 1, debit: '1' }, { accountId: 2, debit: '1' }])).toMatch(/at least one debit line/);
    expect(msg('nope')).toMatch(/at least one debit line/);
  });
  it('reverses by swapping sides', () => {
    const { lines } = normalizeLines([{ accountId: 1, debit: '5' }, { accountId: 2, credit: '5' }]);
    expect(reversedLines(lines).map((l) => [l.debit, l.credit])).toEqual([['0.0000', '5.0000'], ['5.0000', '0.0000']]);
  });
});

describe('hash chain', () => {
  const e = { companyId: 1, journalId: 2, chainSeq: 1, number: 'JV/2026/00001', date: '2026-01-01', reference: null, lines: [{ accountId: 1, debit: '100', credit: '0', contactId: null }, { accountId: 2, debit: '0', credit: '100.0', contactId: 3 }] };
  it('hashes equal amounts written differently alike, and any change differently', () => {
    const h = entryHash('', e);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(entryHash('', { ...e, lines: [{ ...e.lines[0]!, debit: '100.0000' }, e.lines[1]!] })).toBe(h);
    expect(entryHash('', { ...e, lines: [{ ...e.lines[0]!, debit: '100.01' }, e.lines[1]!] })).not.toBe(h);
    expect(entryHash('x', e)).not.toBe(h);
    expect(canonical(e)).toContain('2|2|0.0000|100.0000|3');
  });
});
