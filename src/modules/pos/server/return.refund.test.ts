import { describe, expect, it } from 'vitest';
import { refundPlan } from './return.refund';

/** The money rows of a till return and the "no more than paid in that method" rule (pure). */
const ret = (total: string, applied: string, refunded: string, credit = '0') => ({ totalAmount: total, appliedAmount: applied, refundedAmount: refunded, creditAmount: credit });

describe('refundPlan', () => {
  it('cash: the refund out of the till, what was taken off the due on the credit row', () => {
    expect(refundPlan('cash', ret('30', '0', '30'), { cash: '30' })).toEqual({ ok: true, rows: [{ method: 'cash', amount: '-30.0000' }] });
    expect(refundPlan('cash', ret('30', '20', '10'), { cash: '10', credit: '20' })).toEqual({ ok: true, rows: [{ method: 'cash', amount: '-10.0000' }, { method: 'credit', amount: '-20.0000' }] });
    expect(refundPlan('cash', ret('20', '20', '0'), { credit: '20' })).toEqual({ ok: true, rows: [{ method: 'credit', amount: '-20.0000' }] });
  });

  it('refuses more than the method took (net of earlier refunds)', () => {
    expect(refundPlan('bank_transfer', ret('30', '0', '30'), { cash: '50', bank_transfer: '20' })).toEqual({ ok: false, method: 'bank_transfer', amount: '30.0000', paid: '20.0000' });
    expect(refundPlan('cash', ret('10', '0', '10'), { cash: '0.0000' })).toMatchObject({ ok: false, paid: '0.0000' });
    expect(refundPlan('cash', ret('10', '0', '10'), {})).toMatchObject({ ok: false, paid: '0.0000' });
  });

  it('credit: the whole return on the credit row, at most what the order put on credit', () => {
    expect(refundPlan('credit', ret('25', '25', '0'), { credit: '50' })).toEqual({ ok: true, rows: [{ method: 'credit', amount: '-25.0000' }] });
    expect(refundPlan('credit', ret('25', '10', '0', '15'), { credit: '25' })).toEqual({ ok: true, rows: [{ method: 'credit', amount: '-25.0000' }] });
    expect(refundPlan('credit', ret('25', '0', '0', '25'), { cash: '25' })).toEqual({ ok: false, method: 'credit', amount: '25.0000', paid: '0.0000' });
  });
});
