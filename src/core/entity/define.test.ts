import { describe, expect, it } from 'vitest';
import { defineEntity, isSingleton } from './define';
import { f } from './field';
import { entities, entityByName } from '../../modules/registry';

describe('singletons are declared', () => {
  it('the lots list is a list (create and delete off do not make a singleton)', () => {
    const lots = entityByName('stockLot');
    expect(lots.operations).toMatchObject({ create: false, delete: false });
    expect(isSingleton(lots)).toBe(false);
  });

  it('the company and the settings are singletons, and nothing else', () => {
    expect(entities.filter(isSingleton).map((e) => e.name).sort()).toEqual(['accountingSettings', 'company', 'inventorySettings', 'posSettings', 'salesSettings']);
  });

  it('a singleton that clients could create or delete is refused at definition', () => {
    const base = { module: 'x', path: 'xs', table: 'xs', label: { en: 'X', ar: 'س' }, pluralLabel: { en: 'Xs', ar: 'س' },
      fields: { name: f.text({ en: 'Name', ar: 'الاسم' }) }, titleField: 'name' as const, list: { columns: ['name' as const], defaultSort: 'name' } };
    expect(() => defineEntity({ ...base, name: 'x1', singleton: true })).toThrow(/singleton/);
    expect(() => defineEntity({ ...base, name: 'x2', singleton: true, operations: { create: false, delete: false } })).not.toThrow();
  });
});
