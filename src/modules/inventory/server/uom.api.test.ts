import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestApp } from '../../../../tests/support/test-app';
import { type MdKit, mdApp, otherCompany, stockRows } from './master-data.test-kit';

/** Units and unit groups: the spec's conversion factor messages, group required, used units frozen. */
let t: TestApp;
let k: MdKit;
let ar: Client;
let group: number;
beforeAll(async () => {
  ({ t, k, ar } = await mdApp());
  group = (await t.admin.post('/api/inventory/uom-groups', { name: 'Packaging', nameAr: 'التعبئة' })).json().id;
});
afterAll(async () => { await t?.close(); });

const uom = (body: Record<string, unknown>, c: Client = t.admin) => c.post('/api/inventory/uoms', { name: 'Box', groupId: group, ...body });

describe('conversion factor', () => {
  it('gives exactly the spec message for a missing, non-positive or non-numeric factor, in both languages, saving nothing', async () => {
    const before = await k.count('uoms');
    const cases: [unknown, string, string][] = [
      [undefined, 'Conversion factor is required', 'معامل التحويل مطلوب'],
      [null, 'Conversion factor is required', 'معامل التحويل مطلوب'],
      ['', 'Conversion factor is required', 'معامل التحويل مطلوب'],
      ['0', 'Conversion factor must be positive', 'يجب أن يكون معامل التحويل موجباً'],
      [0, 'Conversion factor must be positive', 'يجب أن يكون معامل التحويل موجباً'],
      ['-3', 'Conversion factor must be positive', 'يجب أن يكون معامل التحويل موجباً'],
      ['abc', 'Valid conversion factor is required', 'يلزم إدخال معامل تحويل صحيح'],
      ['1,5', 'Valid conversion factor is required', 'يلزم إدخال معامل تحويل صحيح'],
      [true, 'Valid conversion factor is required', 'يلزم إدخال معامل تحويل صحيح'],
    ];
    for (const [value, en, arMsg] of cases) {
      const body = value === undefined ? {} : { conversionFactor: value };
      const r = await uom(body);
      expect(r.statusCode, String(value)).toBe(422);
      expect(r.json().error.fields.conversionFactor, String(value)).toBe(en);
      expect((await uom(body, ar)).json().error.fields.conversionFactor, String(value)).toBe(arMsg);
    }
    expect(await k.count('uoms')).toBe(before);
    const ok = await uom({ conversionFactor: '24' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().conversionFactor).toBe('24.00000000');
    const zero = await t.admin.patch(`/api/inventory/uoms/${ok.json().id}`, { conversionFactor: '0' });
    expect(zero.json().error.fields.conversionFactor).toBe('Conversion factor must be positive');
  });

  it('requires a group of the company', async () => {
    const none = await t.admin.post('/api/inventory/uoms', { name: 'Loose', conversionFactor: '1' });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.fields.groupId).toBe('UOM group is required');
    expect((await ar.post('/api/inventory/uoms', { name: 'Loose', conversionFactor: '1' })).json().error.fields.groupId).toBe('مجموعة وحدات القياس مطلوبة');
    const other = await otherCompany(t);
    const theirGroup = (await other.get('/api/inventory/uom-groups')).json().items[0].id;
    const foreign = await uom({ conversionFactor: '2', groupId: theirGroup });
    expect(foreign.json().error.fields.groupId).toBe('Group: the selected record does not exist');
  });
});

describe('used units', () => {
  it('freezes the factor and the group of a unit once a product uses it (409, both languages)', async () => {
    const box = (await uom({ name: 'Crate', conversionFactor: '6' })).json();
    const g2 = (await t.admin.post('/api/inventory/uom-groups', { name: 'Other pack' })).json().id;
    // unused: both may change
    const free = await t.admin.patch(`/api/inventory/uoms/${box.id}`, { conversionFactor: '8', groupId: g2 });
    expect(free.statusCode).toBe(200);
    expect(free.json()).toMatchObject({ conversionFactor: '8.00000000', groupId: g2 });
    await k.product({ uomId: box.id });
    const factor = await t.admin.patch(`/api/inventory/uoms/${box.id}`, { conversionFactor: '10' });
    expect(factor.statusCode).toBe(409);
    expect(factor.json().error.fields.conversionFactor).toBe('The conversion factor of a unit used by products or stock moves cannot change');
    const grp = await ar.patch(`/api/inventory/uoms/${box.id}`, { groupId: group });
    expect(grp.statusCode).toBe(409);
    expect(grp.json().error.fields.groupId).toBe('لا يمكن نقل وحدة مستخدمة في منتجات أو حركات مخزون إلى مجموعة أخرى');
    // the same factor written differently is no change; names may change
    const same = await t.admin.patch(`/api/inventory/uoms/${box.id}`, { conversionFactor: '8.000', name: 'Crate of 8' });
    expect(same.statusCode).toBe(200);
    expect((await t.admin.get(`/api/inventory/uoms/${box.id}`)).json()).toMatchObject({ conversionFactor: '8.00000000', groupId: g2, name: 'Crate of 8' });
  });

  it('freezes a unit used only by a stock move line', async () => {
    const pack = (await uom({ name: 'Pack', conversionFactor: '4' })).json();
    const p = (await k.product()).body;
    await stockRows(t, k, { productId: p.id, from: k.loc('Vendors'), to: k.loc('Stock'), qty: '8', uomId: pack.id, date: '2026-02-01' });
    expect((await t.admin.patch(`/api/inventory/uoms/${pack.id}`, { conversionFactor: '5' })).statusCode).toBe(409);
  });

  it('deletes a group only when it has no units, and a unit only when unused', async () => {
    const g = (await t.admin.post('/api/inventory/uom-groups', { name: 'Temporary', nameAr: 'مؤقت' })).json().id;
    const u = (await t.admin.post('/api/inventory/uoms', { name: 'Tmp', conversionFactor: '1', groupId: g })).json().id;
    const del = await t.admin.del(`/api/inventory/uom-groups/${g}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe('A UOM group with units cannot be deleted');
    expect((await ar.del(`/api/inventory/uom-groups/${g}`)).json().error.message).toBe('لا يمكن حذف مجموعة وحدات قياس تحتوي على وحدات');
    await k.product({ uomId: u });
    const used = await t.admin.del(`/api/inventory/uoms/${u}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().error.message).toBe('Cannot delete: this record is in use');
    const v = (await t.admin.post('/api/inventory/uoms', { name: 'Tmp2', conversionFactor: '2', groupId: g })).json().id;
    expect((await t.admin.del(`/api/inventory/uoms/${v}`)).statusCode).toBe(204);
    const dup = await t.admin.post('/api/inventory/uom-groups', { name: 'Temporary' });
    expect(dup.json().error.fields.name).toBe('Name is already used');
  });
});
