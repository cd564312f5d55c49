import { describe, expect, it } from 'vitest';
import { checkParts, partsToSend } from './receiveParts';

const items = [
  { quantity: '10', receivedQuantity: '4' }, // 6 left
  { quantity: '2.5', receivedQuantity: '2.5' }, // nothing left
  { quantity: '3', receivedQuantity: '0' }, // 3 left
];
const part = (quantity: string, lotName = '', expiryDate = '') => ({ quantity, lotName, expiryDate });

describe('receiving part of a receipt', () => {
  it('sends only the lines with a quantity, with their index, lot and expiry', () => {
    expect(partsToSend([part('6'), part(''), part(' 1.5 ', ' L-7 ', '2027-01-31')])).toEqual([
      { index: 0, quantity: '6' },
      { index: 2, quantity: '1.5', lotName: 'L-7', expiryDate: '2027-01-31' },
    ]);
    expect(partsToSend([part('0'), part('0.000')])).toEqual([]);
  });

  it('accepts up to what is left on each line', () => {
    expect(checkParts(items, [part('6'), part(''), part('3')])).toBeNull();
    expect(checkParts(items, [part('0.000001'), part(''), part('')])).toBeNull();
  });

  it('names the first line asking for more than is left', () => {
    expect(checkParts(items, [part('6.000001'), part(''), part('')])).toEqual({ kind: 'tooMuch', line: 1, left: '6' });
    expect(checkParts(items, [part(''), part('1'), part('')])).toEqual({ kind: 'tooMuch', line: 2, left: '0' });
  });

  it('refuses quantities that are not plain decimals, and an empty request', () => {
    expect(checkParts(items, [part('-1'), part(''), part('')])).toEqual({ kind: 'badQuantity', line: 1 });
    expect(checkParts(items, [part(''), part(''), part('1,5')])).toEqual({ kind: 'badQuantity', line: 3 });
    expect(checkParts(items, [part(''), part(''), part('')])).toEqual({ kind: 'nothing' });
    expect(checkParts(items, [part('0'), part(''), part('')])).toEqual({ kind: 'nothing' });
  });
});
