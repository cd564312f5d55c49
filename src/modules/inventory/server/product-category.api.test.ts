import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { type MdKit, mdApp, mdKit, otherCompany } from './master-data.test-kit';
import { categoryAccounts } from './product-category.service';

/** Product categories: a tree without loops, postable accounts inherited down the tree, guarded deletes. */
let t: TestApp;
let k: MdKit;
let ar: Client;
beforeAll(async () => {
  ({ t, k, ar } = await mdApp());
});
afterAll(async () => { await t?.close(); });

const cat = (id: number) => t.admin.get(`/api/inventory/categories/${id}`).then((r) => r.json());

describe('category tree', () => {
  it('refuses a parent that is the category itself or one of its descendants, in both languages, changing nothing', async () => {
    const a = await k.category('A');
    const b = await k.category('B', { parentId: a });
    const c = await k.category('C', { parentId: b });
    const self = await t.admin.patch(`/api/inventory/categories/${a}`, { parentId: a });
    expect(self.statusCode).toBe(422);
    expect(self.json().error.fields.parentId).toBe('A category cannot be its own parent or sit under one of its sub-categories');
    const loop = await ar.patch(`/api/inventory/categories/${a}`, { parentId: c, name: 'A renamed' });
    expect(loop.statusCode).toBe(422);
    expect(loop.json().error.fields.parentId).toBe('لا يمكن أن تكون الفئة أمًّا لنفسها أو تابعة لإحدى فئاتها الفرعية');
    expect(await cat(a)).toMatchObject({ name: 'A', parentId: null, version: 1 });
    // moving a branch elsewhere in the tree is fine: C to the root, then A under C
    expect((await t.admin.patch(`/api/inventory/categories/${c}`, { parentId: null })).statusCode).toBe(200);
    expect((await t.admin.patch(`/api/inventory/categories/${a}`, { parentId: c })).statusCode).toBe(200);
    expect((await t.admin.patch(`/api/inventory/categories/${c}`, { parentId: b })).statusCode).toBe(422);
  });

  it('serialises concurrent moves that would close a loop together: one of each pair fails', async () => {
    // B sits under A; at once A goes under C and C under B: either alone is fine, both make A -> C -> B -> A
    const trios = await Promise.all(Array.from({ length: 10 }, async (_, i) => {
      const a = await k.category(`A${i}`);
      return [a, await k.category(`B${i}`, { parentId: a }), await k.category(`C${i}`)] as const;
    }));
    const res = await Promise.all(trios.flatMap(([a, b, c]) => [
      t.admin.patch(`/api/inventory/categories/${a}`, { parentId: c }),
      t.admin.patch(`/api/inventory/categories/${c}`, { parentId: b }),
    ]));
    for (const [i, [a]] of trios.entries()) {
      expect([res[2 * i]!.statusCode, res[2 * i + 1]!.statusCode].sort(), `trio ${i}`).toEqual([200, 422]);
      const seen = new Set<number>();
      for (let cur: number | null = a; cur !== null; cur = (await cat(cur)).parentId) {
        expect(seen.has(cur), `trio ${i} loops`).toBe(false);
        seen.add(cur);
      }
    }
  });

  it('refuses deleting a category with sub-categories or products (409, both languages)', async () => {
    const parent = await k.category('Parent');
    const child = await k.category('Child', { parentId: parent });
    const del = await t.admin.del(`/api/inventory/categories/${parent}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe('A category with sub-categories cannot be deleted');
    await k.product({ categoryId: child });
    expect((await ar.del(`/api/inventory/categories/${child}`)).json().error.message).toBe('لا يمكن حذف فئة تحتوي على منتجات');
    const empty = await k.category('Empty');
    expect((await t.admin.del(`/api/inventory/categories/${empty}`)).statusCode).toBe(204);
    expect((await t.admin.post('/api/inventory/categories/bulk-delete', { ids: [parent, child] })).statusCode).toBe(409);
    expect((await cat(parent)).id).toBe(parent);
  });
});

describe('category accounts', () => {
  it('takes only postable accounts of the company', async () => {
    const parentAcc = await t.admin.post('/api/inventory/categories', { name: 'Bad', incomeAccountId: k.acc('4') });
    expect(parentAcc.statusCode).toBe(422);
    expect(parentAcc.json().error.fields.incomeAccountId).toBe('Income account: choose an active account without sub-accounts');
    const other = await otherCompany(t);
    const ko = await mdKit(t, other);
    const foreign = await ar.post('/api/inventory/categories', { name: 'Bad', assetAccountId: ko.acc('1104') });
    expect(foreign.json().error.fields.assetAccountId).toBe('حساب الأصل (المخزون): السجل المحدد غير موجود');
    const id = await k.category('Good', { incomeAccountId: k.acc('4101') });
    const upd = await t.admin.patch(`/api/inventory/categories/${id}`, { expenseAccountId: k.acc('5') });
    expect(upd.statusCode).toBe(422);
    expect((await cat(id)).expenseAccountId).toBeNull();
  });

  it('gives each category the nearest account up the tree (what its products inherit)', async () => {
    const root = await k.category('Root', { incomeAccountId: k.acc('4101'), expenseAccountId: k.acc('5101'), assetAccountId: k.acc('1104') });
    const mid = await k.category('Mid', { parentId: root, incomeAccountId: k.acc('4103') });
    const leaf = await k.category('Leaf', { parentId: mid, assetAccountId: k.acc('1201') });
    const resolve = (id: number) => t.db.orm.transaction((tx) => categoryAccounts(tx, k.companyId, id));
    expect(await resolve(leaf)).toEqual({ incomeAccountId: k.acc('4103'), expenseAccountId: k.acc('5101'), assetAccountId: k.acc('1201') });
    expect(await resolve(mid)).toEqual({ incomeAccountId: k.acc('4103'), expenseAccountId: k.acc('5101'), assetAccountId: k.acc('1104') });
    const bare = await k.category('Bare');
    expect(await resolve(bare)).toEqual({ incomeAccountId: null, expenseAccountId: null, assetAccountId: null });
    // another company's category id resolves to nothing
    expect(await t.db.orm.transaction((tx) => categoryAccounts(tx, k.companyId + 1000, leaf))).toEqual({ incomeAccountId: null, expenseAccountId: null, assetAccountId: null });
  });
});
