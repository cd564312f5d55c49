import { describe, expect, it } from 'vitest';
import { boundsReversed, decimalBoundProblem, rangeBoundLabel, reversedMessage } from './decimal-bound';
import { f } from './field';
import { LEDGER_DIGITS } from './bounds';

/** A decimal range filter's bounds (isomorphic: the list screen and the server check them alike). */
const balance = f.money({ en: 'Balance', ar: 'الرصيد' }, { digits: LEDGER_DIGITS });
const problem = (raw: string) => decimalBoundProblem(raw, balance)?.message.en ?? null;

describe('decimal range bounds', () => {
  it('takes a plain decimal within the field\'s scale and digits, refuses the rest with the body\'s messages', () => {
    for (const ok of ['0', '-0', '125.5', '0.0001', '-999999999999999.9999', '999999999999999.9999', '000000000000000001']) expect(problem(ok), ok).toBeNull();
    for (const bad of ['', 'abc', '1e5', '12.', '.5', '+5', '1,000', '١٠٠', ' 5', '5 ', '0x10', 'NaN', 'Infinity', '--5']) expect(problem(bad), bad).toBe('{field} must be a number');
    expect(problem('0.00001')).toBe('{field} allows at most {scale} decimal places');
    expect(decimalBoundProblem('0.00001', balance)?.vars).toEqual({ scale: 4 });
    for (const big of ['1000000000000000', '-1000000000000000', '9'.repeat(80)]) expect(problem(big), big).toBe('{field} is too large (at most {max})');
    expect(decimalBoundProblem('1000000000000000', balance)?.vars).toEqual({ max: '999999999999999.9999' });
    // a money field without the ledger's digits keeps the money bound
    expect(decimalBoundProblem('1000000000000', f.money({ en: 'M', ar: 'م' }))?.vars).toEqual({ max: '999999999999.9999' });
  });

  it('orders bounds exactly, past a float\'s precision', () => {
    expect(boundsReversed('999999999999999.9999', '999999999999999.9998')).toBe(true);
    expect(boundsReversed('999999999999999.9998', '999999999999999.9999')).toBe(false);
    expect(boundsReversed('0.1', '0.10')).toBe(false);
    expect(boundsReversed('-5', '-5.0001')).toBe(true);
    expect(boundsReversed('-5.0001', '-5')).toBe(false);
    expect(boundsReversed('-0', '0')).toBe(false);
    expect(boundsReversed('10', '9.9999')).toBe(true);
    expect(boundsReversed('007', '7')).toBe(false);
  });

  it('names the bounds and the reversal in both languages', () => {
    expect(rangeBoundLabel(balance.label, 'gte')).toEqual({ en: 'Balance from', ar: 'الرصيد من' });
    expect(rangeBoundLabel(balance.label, 'lte')).toEqual({ en: 'Balance to', ar: 'الرصيد إلى' });
    expect(reversedMessage(balance.label)).toEqual({ en: '{field} cannot be more than Balance to', ar: 'لا يمكن أن يكون {field} أكبر من الرصيد إلى' });
  });
});
