import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { type OpenLayer, costOut, settleShortfall, shareOf } from './stock.costing';

/** Known sequences, every number worked out by hand in the comments. */
const layer = (id: number, qty: string, value: string, lotId: number | null = null, accountId = 1): OpenLayer =>
  ({ id, lotId, accountId, remainingQty: qty, remainingValue: value });
const rem = (ls: OpenLayer[]) => ls.map((l) => [l.id, l.remainingQty, l.remainingValue]);
const sumV = (ls: OpenLayer[]) => ls.reduce((s, l) => s.plus(l.remainingValue), new Decimal(0)).toFixed(4);

// 10 @ 5.00 = 50.0000 then 10 @ 7.00 = 70.0000
const two = () => [layer(1, '10.000000', '50.0000'), layer(2, '10.000000', '70.0000')];

describe('FIFO', () => {
  it('takes the oldest layer first', () => {
    // 15 out: 10 x 5 = 50 from layer 1, 5 x 7 = 35 from layer 2 -> 85; layer 2 keeps 5 worth 35
    const r = costOut(two(), '15', 'fifo');
    expect(r.value).toBe('85.0000');
    expect(r.takes).toEqual([
      { layerId: 1, accountId: 1, qty: '10.000000', value: '50.0000' },
      { layerId: 2, accountId: 1, qty: '5.000000', value: '35.0000' },
    ]);
    expect(rem(r.next)).toEqual([[1, '0.000000', '0.0000'], [2, '5.000000', '35.0000']]);
    expect(r.shortfallQty).toBe('0.000000');
  });

  it('a sequence of receipts and deliveries', () => {
    // in 4 @ 2.50 = 10; in 6 @ 3.00 = 18; out 5 -> 4 x 2.5 + 1 x 3 = 13; in 2 @ 4 = 8; out 6 -> 5 x 3 + 1 x 4 = 19
    let ls = [layer(1, '4', '10.0000'), layer(2, '6', '18.0000')];
    const a = costOut(ls, '5', 'fifo');
    expect(a.value).toBe('13.0000');
    ls = [...a.next, layer(3, '2', '8.0000')];
    const b = costOut(ls, '6', 'fifo');
    expect(b.value).toBe('19.0000');
    expect(rem(b.next)).toEqual([[1, '0.000000', '0.0000'], [2, '0.000000', '0.0000'], [3, '1.000000', '4.0000']]);
  });

  it('a part of a layer with an inexact unit cost takes its share; the last part takes the rest exactly', () => {
    // 3 units worth 10: 1 unit -> 10/3 = 3.3333; then 2 units -> the remaining 6.6667 exactly (total 10)
    const a = costOut([layer(1, '3', '10.0000')], '1', 'fifo');
    expect(a.value).toBe('3.3333');
    const b = costOut(a.next, '2', 'fifo');
    expect(b.value).toBe('6.6667');
    expect(shareOf('10', '3', '3')).toBe('10.0000');
  });
});

describe('LIFO', () => {
  it('takes the newest layer first', () => {
    // 15 out: 10 x 7 = 70 from layer 2, 5 x 5 = 25 from layer 1 -> 95; layer 1 keeps 5 worth 25
    const r = costOut(two(), '15', 'lifo');
    expect(r.value).toBe('95.0000');
    expect(rem(r.next)).toEqual([[1, '5.000000', '25.0000'], [2, '0.000000', '0.0000']]);
  });

  it('a later receipt is consumed before older stock', () => {
    // after 15 out (95), in 4 @ 9 = 36; out 6 -> 4 x 9 + 2 x 5 = 46; left 3 x 5 = 15
    const a = costOut(two(), '15', 'lifo');
    const b = costOut([...a.next, layer(3, '4', '36.0000')], '6', 'lifo');
    expect(b.value).toBe('46.0000');
    expect(sumV(b.next)).toBe('15.0000');
  });
});

describe('moving average', () => {
  it('values at sum value / sum qty and keeps the remaining value consistent', () => {
    // 20 units worth 120 -> average 6; 15 out = 90; 5 left worth 30, quantity taken FIFO (layer 1 empty, layer 2 has 5)
    const r = costOut(two(), '15', 'average');
    expect(r.value).toBe('90.0000');
    expect(rem(r.next)).toEqual([[1, '0.000000', '0.0000'], [2, '5.000000', '30.0000']]);
    // layer 1 gives its 10 units worth 50; layer 2 gives 5 units and 70 - 30 = 40 of value
    expect(r.takes.map((t) => [t.layerId, t.qty, t.value])).toEqual([[1, '10.000000', '50.0000'], [2, '5.000000', '40.0000']]);
  });

  it('rounds to 4 dp half-even and lets the newest layer absorb the rounding', () => {
    // 9 units worth 4 (3 @ 1, 3 @ 1, 3 @ 2): 1 out = 4/9 = 0.44444 -> 0.4444; 8 left worth 3.5556
    // revalued: layer 1 (2 units) 2 x 3.5556 / 8 = 0.8889; layer 2 (3 units) 1.33335 -> 1.3334 (half-even);
    // layer 3 takes the rest 3.5556 - 0.8889 - 1.3334 = 1.3333
    const r = costOut([layer(1, '3', '1.0000'), layer(2, '3', '1.0000'), layer(3, '3', '2.0000')], '1', 'average');
    expect(r.value).toBe('0.4444');
    expect(rem(r.next)).toEqual([[1, '2.000000', '0.8889'], [2, '3.000000', '1.3334'], [3, '3.000000', '1.3333']]);
    expect(sumV(r.next)).toBe('3.5556');
  });

  it('taking the whole remaining quantity takes the whole remaining value', () => {
    // 3 units worth 10: 1 out = 3.3333, then 2 out = the rest 6.6667 (not 2 x 3.3333 = 6.6666)
    const a = costOut([layer(1, '3', '10.0000')], '1', 'average');
    const b = costOut(a.next, '2', 'average');
    expect([a.value, b.value]).toEqual(['3.3333', '6.6667']);
    expect(rem(b.next)).toEqual([[1, '0.000000', '0.0000']]);
  });

  it('a receipt at another cost moves the average', () => {
    // 10 @ 5 = 50; 4 out = 20 (6 left worth 30); in 6 @ 8 = 48 -> 12 units worth 78, average 6.5; 3 out = 19.5
    const a = costOut([layer(1, '10', '50.0000')], '4', 'average');
    const b = costOut([...a.next, layer(2, '6', '48.0000')], '3', 'average');
    expect(b.value).toBe('19.5000');
    expect(sumV(b.next)).toBe('58.5000');
  });
});

describe('specific identification', () => {
  // lot A 5 @ 10 = 50, untracked 5 @ 20 = 100, lot B 5 @ 30 = 150
  const three = () => [layer(1, '5', '50.0000', 11), layer(2, '5', '100.0000', null), layer(3, '5', '150.0000', 12)];

  it('takes the layers of the lot, then untracked stock, then other lots (oldest first)', () => {
    const a = costOut(three(), '3', 'specific', { lotId: 12 }); // 3 x 30 = 90 from lot B
    expect(a.value).toBe('90.0000');
    const b = costOut(a.next, '7', 'specific', { lotId: 11 }); // all of lot A 50 + 2 untracked x 20 = 40 -> 90
    expect(b.value).toBe('90.0000');
    const c = costOut(b.next, '4', 'specific', { lotId: null }); // 3 untracked x 20 = 60, then lot B 1 x 30 = 30 -> 90
    expect(c.value).toBe('90.0000');
    expect(rem(c.next)).toEqual([[1, '0.000000', '0.0000'], [2, '0.000000', '0.0000'], [3, '1.000000', '30.0000']]);
  });

  it('untracked stock falls back to FIFO', () => {
    const r = costOut([layer(1, '2', '2.0000'), layer(2, '2', '6.0000')], '3', 'specific'); // 2 x 1 + 1 x 3 = 5
    expect(r.value).toBe('5.0000');
  });
});

describe('negative stock', () => {
  it('values the shortfall at the product cost and keeps it owed on the out side', () => {
    // 2 @ 5 = 10 in stock, 5 out at cost 6: 10 from the layer + 3 x 6 = 18 shortfall -> 28
    const r = costOut([layer(1, '2', '10.0000')], '5', 'fifo', { unitCost: '6' });
    expect([r.value, r.shortfallQty, r.shortfallValue]).toEqual(['28.0000', '3.000000', '18.0000']);
  });

  it('the next receipt settles the shortfall and books the cost difference', () => {
    // owed: 3 units valued 18 (layer 9, -3/-18). In 5 @ 4 = 20: 3 settle (its share 12), 2 remain worth 8;
    // correction = 18 - 12 = +6 on the inventory account (a gain: 3 units went out at 6 that cost 4)
    const r = settleShortfall([layer(1, '0', '0.0000'), layer(9, '-3.000000', '-18.0000')], '5', '20.0000', 1);
    expect([r.settledQty, r.inRemainingQty, r.inRemainingValue]).toEqual(['3.000000', '2.000000', '8.0000']);
    expect(r.corrections).toEqual([{ accountId: 1, value: '6.0000' }]);
    expect(rem(r.next)).toEqual([[1, '0', '0.0000'], [9, '0.000000', '0.0000']]);
  });

  it('a smaller receipt settles part of it; accounts are corrected separately', () => {
    // owed 3 valued 18 on account 2; in 2 @ 4 = 8 on account 1: settles 2 (share of 18 = 12), owed 1 valued 6 remains
    // corrections: account 1 -8 (its whole value leaves with the settled units), account 2 +12
    const r = settleShortfall([layer(9, '-3', '-18.0000', null, 2)], '2', '8.0000', 1);
    expect([r.settledQty, r.inRemainingQty, r.inRemainingValue]).toEqual(['2.000000', '0.000000', '0.0000']);
    expect(rem(r.next)).toEqual([[9, '-1.000000', '-6.0000']]);
    expect(r.corrections).toEqual([{ accountId: 1, value: '-8.0000' }, { accountId: 2, value: '12.0000' }]);
  });

  it('nothing owed: the receipt keeps all of its quantity and value', () => {
    const r = settleShortfall([layer(1, '2', '10.0000')], '5', '20.0000', 1);
    expect([r.settledQty, r.inRemainingQty, r.inRemainingValue, r.corrections]).toEqual(['0.000000', '5.000000', '20.0000', []]);
  });
});
