import { describe, expect, it } from 'vitest';
import { defineEntity } from './define';
import { f } from './field';
import { hooksOf, registerHooks, type Row } from './hooks';
import type { Ctx } from '../http/context';
import type { Tx } from '../db/tx';

/** Hook composition: every registration runs, in the registry's module order, then registration order. */
let n = 0;
const entity = (module: string) => defineEntity({
  name: `hookTest${++n}`, module, path: 'xs', table: 'xs', label: { en: 'X', ar: 'س' }, pluralLabel: { en: 'Xs', ar: 'س' },
  fields: { name: f.text({ en: 'Name', ar: 'الاسم' }) }, titleField: 'name', list: { columns: ['name'], defaultSort: 'name' },
});
const ctx = {} as Ctx;
const tx = {} as Tx;
const row = { id: 1, version: 1 } as Row;

describe('hooks compose', () => {
  it('before/after hooks of several modules all run: registry module order, then registration order', async () => {
    // registry order: contacts, accounting, inventory, admin
    const def = entity('inventory');
    const seen: string[] = [];
    registerHooks(def, { beforeCreate: () => void seen.push('admin') }, { module: 'admin' });
    registerHooks(def, { beforeCreate: () => void seen.push('inventory 1'), beforeDelete: () => void seen.push('delete') });
    registerHooks(def, { beforeCreate: async () => { await Promise.resolve(); seen.push('accounting'); } }, { module: 'accounting' });
    registerHooks(def, { beforeCreate: () => void seen.push('inventory 2') });
    await hooksOf(def).beforeCreate!(ctx, tx, {});
    expect(seen).toEqual(['accounting', 'inventory 1', 'inventory 2', 'admin']);
    await hooksOf(def).beforeDelete!(ctx, tx, row);
    expect(seen.at(-1)).toBe('delete');
    expect(hooksOf(def).afterCreate).toBeUndefined();
  });

  it('beforeCreateMany: the batch hook of a registration that has one, else its beforeCreate per row, in module order', async () => {
    const def = entity('inventory');
    const seen: string[] = [];
    registerHooks(def, { beforeCreate: (_c, _t, d) => void seen.push(`admin ${d.n}`) }, { module: 'admin' });
    registerHooks(def, {
      beforeCreate: () => void seen.push('inventory one'),
      beforeCreateMany: (_c, _t, rows) => void seen.push(`inventory batch of ${rows.length}`),
    });
    registerHooks(def, { afterCreate: () => void seen.push('after') }, { module: 'accounting' });
    await hooksOf(def).beforeCreateMany!(ctx, tx, [{ n: 1 }, { n: 2 }]);
    expect(seen).toEqual(['inventory batch of 2', 'admin 1', 'admin 2']);
    expect(hooksOf(entity('contacts')).beforeCreateMany).toBeUndefined();
  });

  it('the first hook to throw stops the ones after it', async () => {
    const def = entity('contacts');
    const seen: string[] = [];
    registerHooks(def, { beforeUpdate: () => { throw new Error('refused'); } });
    registerHooks(def, { beforeUpdate: () => void seen.push('second') }, { module: 'inventory' });
    await expect(hooksOf(def).beforeUpdate!(ctx, tx, {}, row)).rejects.toThrow('refused');
    expect(seen).toEqual([]);
  });

  it('present hooks chain; transitions and actions of several modules merge', () => {
    const def = entity('inventory');
    registerHooks(def, { present: (_c, r) => ({ ...r, a: 1 }), transitions: { post: () => ({}) } });
    registerHooks(def, { present: (_c, r) => ({ ...r, b: (r as Row & { a: number }).a + 1 }), actions: { print: () => 'ok' } }, { module: 'admin' });
    expect(hooksOf(def).present!(ctx, row)).toMatchObject({ a: 1, b: 2 });
    expect(Object.keys(hooksOf(def).transitions!)).toEqual(['post']);
    expect(Object.keys(hooksOf(def).actions!)).toEqual(['print']);
  });

  it('a transition, action, create or unique message registered twice is an error at start-up', () => {
    const def = entity('inventory');
    registerHooks(def, { transitions: { post: () => ({}) }, actions: { pay: () => 1 }, create: async () => row, uniqueMessages: { name: { en: 'x', ar: 'س' } } });
    expect(() => registerHooks(def, { transitions: { post: () => ({}) } }, { module: 'admin' })).toThrow(/transitions post is registered twice/);
    expect(() => registerHooks(def, { actions: { pay: () => 2 } })).toThrow(/actions pay/);
    expect(() => registerHooks(def, { create: async () => row })).toThrow(/create hook/);
    expect(() => registerHooks(def, { uniqueMessages: { name: { en: 'y', ar: 'ص' } } })).toThrow(/uniqueMessages name/);
    // nothing of a refused registration is kept
    expect(Object.keys(hooksOf(def).transitions!)).toEqual(['post']);
  });
});
