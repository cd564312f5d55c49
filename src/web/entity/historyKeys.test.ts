import { describe, expect, it } from 'vitest';
import { salesOrder } from '../../modules/sales/model/sales-order.entity';
import { changedKeys } from './historyKeys';

describe('changedKeys', () => {
  it("lists a change's fields in the definition's order, not the stored row's, and only fields that changed", () => {
    // the order PostgreSQL gives a jsonb object's keys: shortest first
    const after = { id: 7, items: [{ productId: 1 }], notes: 'n', status: 'draft', discount: '0', subtotal: '10', orderDate: '2026-11-29', customerId: 3, totalAmount: '11.5', version: 1 };
    const h = { id: 1, action: 'create', at: '2026-11-29T10:00:00Z', userId: 1, userName: 'admin', before: null, after };
    expect(changedKeys(salesOrder, h)).toEqual(['customerId', 'orderDate', 'items', 'discount', 'subtotal', 'totalAmount', 'notes', 'status']);
    const edit = { ...h, action: 'update', before: { ...after, notes: 'old', discount: '0' }, after: { ...after, discount: '0' } };
    expect(changedKeys(salesOrder, edit)).toEqual(['notes']);
  });
});
