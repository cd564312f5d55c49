import { describe, expect, it } from 'vitest';
import { closePlan } from './session.close';

const accounts = { cash: 1, bank: 2, shortage: 3, overage: 4 };
const sum = (xs: string[]) => xs.reduce((a, b) => a + Number(b), 0);

describe('closePlan', () => {
  it('counted as expected: no difference, nothing posted, closing = opening + cash in', () => {
    const p = closePlan({ openingCash: '100', cashIn: '250.5', bankIn: '40', countedCash: '350.5', countedBank: '40', accounts });
    expect(p).toMatchObject({ expectedCash: '350.5000', cashDifference: '0.0000', closingCash: '350.5000', expectedBank: '40.0000', bankDifference: '0.0000', lines: [] });
  });
  it('a cash shortage posts Dr shortage / Cr cash; a bank overage Dr bank / Cr overage; balanced', () => {
    const p = closePlan({ openingCash: '100', cashIn: '250', bankIn: '40', countedCash: '345', countedBank: '41.25', accounts });
    expect(p.cashDifference).toBe('-5.0000');
    expect(p.closingCash).toBe('345.0000');
    expect(p.lines).toEqual([
      { accountId: 3, debit: '5.0000', credit: '0', label: 'Cash shortage' }, { accountId: 1, debit: '0', credit: '5.0000', label: 'Cash shortage' },
      { accountId: 2, debit: '1.2500', credit: '0', label: 'Bank transfer overage' }, { accountId: 4, debit: '0', credit: '1.2500', label: 'Bank transfer overage' },
    ]);
    expect(sum(p.lines.map((l) => l.debit))).toBe(sum(p.lines.map((l) => l.credit)));
  });
  it('refunds (negative cash in) lower the expected cash', () => {
    expect(closePlan({ openingCash: '50', cashIn: '-20', bankIn: '0', countedCash: '30', countedBank: '0', accounts }).cashDifference).toBe('0.0000');
  });
});
