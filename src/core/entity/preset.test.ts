import { describe, expect, it } from 'vitest';
import { defineEntity } from './define';
import { f } from './field';
import { listPreset, withPresetFilters } from './preset';
import { entitySchema } from './schema';

/** A list preset: the base entity under other labels and columns, its fixed filters kept, its computed columns read-only. */
const thing = defineEntity({
  name: 'presetThing', module: 'test', path: 'things', table: 'preset_things', label: { en: 'Thing', ar: 'شيء' }, pluralLabel: { en: 'Things', ar: 'أشياء' },
  titleField: 'name',
  fields: {
    kind: f.enum({ en: 'Kind', ar: 'النوع' }, [{ value: 'a', label: { en: 'A', ar: 'أ' } }], { filter: true }),
    name: f.text({ en: 'Name', ar: 'الاسم' }, { required: true }),
    flagged: f.boolean({ en: 'Flagged', ar: 'معلّم' }, { filter: true }),
  },
  list: { columns: ['kind', 'name'], defaultSort: 'name' },
});
const p = listPreset(thing, {
  key: 'test.flagged', route: '/test/flagged', url: '/api/test/flagged', label: { en: 'Flagged thing', ar: 'شيء معلّم' }, pluralLabel: { en: 'Flagged things', ar: 'أشياء معلّمة' },
  filters: { flagged: 'true' }, defaults: { flagged: true }, columns: ['name', 'kind', 'score'], labels: { kind: { en: 'Sort of thing', ar: 'صنف الشيء' } },
  computed: { score: f.money({ en: 'Score', ar: 'النتيجة' }) }, form: [{ title: { en: 'Thing', ar: 'الشيء' }, fields: ['name', 'kind'] }],
});

describe('list presets', () => {
  it('keeps the base entity\'s name, module and path (permissions, API), with its own labels, columns in order, and form', () => {
    expect(p.def).toMatchObject({ name: 'presetThing', module: 'test', path: 'things', route: '/test/flagged', pluralLabel: { en: 'Flagged things' }, list: { columns: ['name', 'kind', 'score'], defaultSort: 'name' } });
    expect(Object.keys(p.def.fields)).toEqual(['name', 'kind', 'score', 'flagged']);
    expect(p.def.fields.kind!.label.en).toBe('Sort of thing');
    expect(p.def.fields.flagged!.filter).toBe(false);
    expect(p.def.fields.score).toMatchObject({ readOnly: true, sort: false, filter: false });
    expect(p.formFields).toEqual(['name', 'kind']);
    // the same body schema as the base: a computed column is never accepted from a client
    expect(Object.keys(entitySchema(p.def, 'en', 'create').shape).sort()).toEqual(['flagged', 'kind', 'name']);
  });

  it('forces its filters over the caller\'s', () => {
    expect(withPresetFilters(p, { search: 'x', 'filter[flagged]': 'false', 'filter[flagged][gte]': 'false', 'filter[kind]': 'a' }))
      .toEqual({ search: 'x', 'filter[flagged]': 'true', 'filter[kind]': 'a' });
  });

  it('refuses a column that is neither a field nor computed, and a computed column named like a field', () => {
    const base = { key: 'k', route: '/r', label: thing.label, pluralLabel: thing.pluralLabel };
    expect(() => listPreset(thing, { ...base, columns: ['nope'] })).toThrow(/nope/);
    expect(() => listPreset(thing, { ...base, columns: ['name'], computed: { name: f.text({ en: 'N', ar: 'ن' }) } })).toThrow(/computed column name/);
    expect(() => listPreset(thing, { ...base, columns: ['name'], sortable: ['name'] })).toThrow(/sortable name/);
    expect(() => listPreset(thing, { ...base, columns: ['score'], computed: { score: f.money({ en: 'S', ar: 'س' }) }, sortable: ['score'] })).toThrow(/own url/);
  });

  it('lets its own list API sort a computed column it names sortable', () => {
    const s = listPreset(thing, { key: 's', route: '/s', url: '/api/s', label: thing.label, pluralLabel: thing.pluralLabel, columns: ['name', 'score'],
      computed: { score: f.money({ en: 'S', ar: 'س' }) }, sortable: ['score'] });
    expect(s.def.fields.score).toMatchObject({ readOnly: true, sort: true, filter: false });
  });

  it('lets its own list API filter a computed decimal column it names filterable, and nothing else', () => {
    const base = { key: 'f', route: '/f', label: thing.label, pluralLabel: thing.pluralLabel, columns: ['name', 'score'], computed: { score: f.money({ en: 'S', ar: 'س' }) } };
    expect(listPreset(thing, { ...base, url: '/api/f', filterable: ['score'] }).def.fields.score).toMatchObject({ readOnly: true, sort: false, filter: true });
    expect(() => listPreset(thing, { ...base, filterable: ['score'] })).toThrow(/own url/);
    expect(() => listPreset(thing, { ...base, url: '/api/f', filterable: ['name'] })).toThrow(/filterable name/);
    expect(() => listPreset(thing, { ...base, url: '/api/f', computed: { score: f.text({ en: 'S', ar: 'س' }) }, filterable: ['score'] })).toThrow(/filterable score/);
  });
});
