import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../tests/support/test-app';
import { type StockKit, stockKit } from './test-kit';

/**
 * Accounts a posting uses when the product names none: its category's, else the nearest ancestor category's that
 * names one, else the settings'. Receiving 2 @ 10.00 and delivering 1 must hit the ancestor's accounts.
 */
let t: TestApp;
let k: StockKit;
beforeAll(async () => { t = await testApp(); k = await stockKit(t); });
afterAll(async () => { await t?.close(); });

it('takes the inventory and cost-of-sales accounts from the nearest ancestor category that names them', async () => {
  const acc = await t.admin.post('/api/accounting/accounts', { code: '1106', nameEn: 'Raw materials inventory', nameAr: 'مخزون المواد الخام', type: 'asset', subtype: 'inventory', parentId: k.acc('11') });
  expect(acc.statusCode).toBe(201);
  const rawInventory = acc.json().id as number;
  const cogs = k.acc('5106');
  const parent = await t.admin.post('/api/inventory/categories', { name: 'Materials', assetAccountId: rawInventory, expenseAccountId: cogs });
  const middle = await t.admin.post('/api/inventory/categories', { name: 'Metals', parentId: parent.json().id });
  const leaf = await t.admin.post('/api/inventory/categories', { name: 'Copper', parentId: middle.json().id });
  expect([parent.statusCode, middle.statusCode, leaf.statusCode]).toEqual([201, 201, 201]);
  const productId = await k.product({ categoryId: leaf.json().id, cost: '10' });

  await k.receive(productId, '2', '10');
  const out = await k.deliver(productId, '1');
  expect(out.totalValue).toBe('10.0000');
  expect(await k.balance(rawInventory)).toBe('10.0000'); // 20.00 in, 10.00 out
  expect(await k.balance(cogs)).toBe('10.0000');
  expect(await k.balance(k.acc('1104'))).toBe('0'); // no line on the settings' account
});
