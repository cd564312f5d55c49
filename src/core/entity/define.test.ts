import { describe, expect, it } from 'vitest';
import { type AnyEntity, defineEntity, isSingleton, knownStates } from './define';
import { filterableKeys } from './list-query';
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

describe('the filters of a reference field', () => {
  /** What a filter value must look like for the target's field (or state) it names; null when it is fine. */
  function problem(target: AnyEntity, key: string, value: string): string | null {
    if (!filterableKeys(target).includes(key)) return `${target.name}.${key} is not a list filter`;
    if (target.states?.field === key) return knownStates(target).includes(value) ? null : `${value} is not a state of ${target.name}`;
    const fl = target.fields[key]!;
    if (fl.kind === 'enum') return fl.options.some((o) => o.value === value) ? null : `${value} is not an option of ${target.name}.${key}`;
    if (fl.kind === 'boolean') return value === 'true' || value === 'false' ? null : `${target.name}.${key} takes true or false`;
    return null;
  }

  it('name list filters their target allows, with values it takes', () => {
    const seen: string[] = [];
    for (const def of entities)
      for (const [key, fl] of Object.entries(def.fields)) {
        if (fl.kind !== 'ref' || !fl.filters) continue;
        for (const [k, v] of Object.entries(fl.filters)) expect(problem(entityByName(fl.target), k, v), `${def.name}.${key}`).toBeNull();
        seen.push(`${def.name}.${key}`);
      }
    // the check has something to check (the POS settings' pickers), and catches what it is for
    expect(seen).toEqual(expect.arrayContaining(['posSettings.walkInCustomerId', 'posSettings.shortageAccountId']));
    const account = entityByName('account');
    expect(problem(account, 'nameEn', 'x')).toMatch(/not a list filter/);
    expect(problem(account, 'type', 'expenses')).toMatch(/not an option/);
    expect(problem(account, 'isLeaf', 'yes')).toMatch(/true or false/);
    expect(problem(account, 'status', 'archived')).toMatch(/not a state/);
  });
});
