import { describe, expect, it } from 'vitest';
import { entities } from '../../modules/registry';
import { allowedOps, refusedOp } from './allowed-ops';
import { type AnyEntity, defineEntity, knownStates } from './define';
import { f } from './field';

/** allowedOps: what a user may do to one record, from the definition's states and operations and the permissions. */
const states = [
  { value: 'draft', label: { en: 'Draft', ar: 'مسودة' } },
  { value: 'done', label: { en: 'Done', ar: 'منفذ' } },
  { value: 'cancelled', label: { en: 'Cancelled', ar: 'ملغى' } },
];
const doc = (o: { editableIn?: string[]; deletableIn?: string[]; deleteBlockedBy?: ('name' | 'status' | 'number')[] } = {}, operations?: AnyEntity['operations']) => defineEntity({
  name: 'testDoc', module: 'test', path: 'test-docs', table: 'test_docs',
  label: { en: 'Doc', ar: 'مستند' }, pluralLabel: { en: 'Docs', ar: 'مستندات' },
  fields: { name: f.text({ en: 'Name', ar: 'الاسم' }), status: f.enum({ en: 'Status', ar: 'الحالة' }, states), number: f.text({ en: 'Number', ar: 'الرقم' }) },
  titleField: 'name',
  list: { columns: ['name'], defaultSort: 'name' },
  operations,
  states: {
    field: 'status', initial: 'draft',
    transitions: {
      validate: { label: { en: 'Validate', ar: 'تنفيذ' }, from: ['draft'], to: 'done' },
      cancel: { label: { en: 'Cancel', ar: 'إلغاء' }, from: ['draft', 'done'], to: 'cancelled', permission: 'void' },
    },
    editableIn: ['draft'], deletableIn: ['draft', 'cancelled'], deleteBlockedBy: ['number'],
    ...o,
  },
}) as AnyEntity;

const all = () => true;
const only = (...codes: string[]) => (c: string) => codes.includes(c);

describe('allowedOps', () => {
  it('allows edit and delete only in the declared states, and the transitions whose from holds the state', () => {
    const d = doc();
    expect(allowedOps(d, { status: 'draft' }, all)).toEqual({ edit: true, delete: true, transitions: ['validate', 'cancel'] });
    expect(allowedOps(d, { status: 'done' }, all)).toEqual({ edit: false, delete: false, transitions: ['cancel'] });
    expect(allowedOps(d, { status: 'cancelled' }, all)).toEqual({ edit: false, delete: true, transitions: [] });
    expect(refusedOp(d, { status: 'done' }, 'edit', all)).toBe('state');
  });

  it('keeps a record whose deleteBlockedBy field is set, whatever its state', () => {
    const d = doc();
    expect(allowedOps(d, { status: 'cancelled', number: 'DOC/1' }, all).delete).toBe(false);
    expect(refusedOp(d, { status: 'cancelled', number: 'DOC/1' }, 'delete', all)).toBe('blocked');
    expect(allowedOps(d, { status: 'cancelled', number: '' }, all).delete).toBe(true);
  });

  it('needs the change, delete and each transition permission of the user', () => {
    const d = doc();
    expect(allowedOps(d, { status: 'draft' }, only('test.testDoc.change', 'test.testDoc.validate'))).toEqual({ edit: true, delete: false, transitions: ['validate'] });
    // a transition with its own permission code needs that code, not its name
    expect(allowedOps(d, { status: 'draft' }, only('test.testDoc.delete', 'test.testDoc.cancel'))).toEqual({ edit: false, delete: true, transitions: [] });
    expect(allowedOps(d, { status: 'draft' }, only('test.testDoc.void')).transitions).toEqual(['cancel']);
    expect(refusedOp(d, { status: 'draft' }, 'delete', only())).toBe('permission');
  });

  it('offers no operation the definition switches off', () => {
    const d = doc({}, { update: false, delete: false });
    expect(allowedOps(d, { status: 'draft' }, all)).toEqual({ edit: false, delete: false, transitions: ['validate', 'cancel'] });
    expect(refusedOp(d, { status: 'draft' }, 'edit', all)).toBe('operation');
  });

  it('refuses a definition naming an unknown state, an empty list or a missing field', () => {
    expect(() => doc({ editableIn: ['Draft'] })).toThrow(/editableIn names an unknown state Draft/);
    expect(() => doc({ deletableIn: [] })).toThrow(/deletableIn must list/);
    expect(() => doc({ deleteBlockedBy: ['entryId'] as never })).toThrow(/deleteBlockedBy entryId is not a field/);
  });
});

describe('every entity with states', () => {
  it('declares the known states it is edited and deleted in', () => {
    const withStates = entities.filter((e) => e.states);
    expect(withStates.map((e) => e.name)).toEqual(expect.arrayContaining(['invoice', 'journalEntry', 'delivery', 'receipt', 'transfer', 'scrap', 'stockAdjustment', 'inventoryOpening', 'beginningBalance']));
    const bad = withStates.filter((e) => {
      const { editableIn, deletableIn } = e.states!;
      const known = knownStates(e);
      return [editableIn, deletableIn].some((l) => !Array.isArray(l) || l.length === 0 || l.some((s) => !known.includes(s)));
    });
    expect(bad.map((e) => e.name)).toEqual([]);
  });
});
