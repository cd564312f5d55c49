import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type Client, type TestApp, ADMIN_PASSWORD, testApp } from '../../../tests/support/test-app';
import { entities } from '../../modules/registry';
import { entityBasePath } from '../http/crud.routes';
import { isImportable } from './columns';
import { postImport } from './import.test-kit';

/**
 * An export imported back changes nothing, for EVERY importable entity of the registry, on the demo company's data
 * and in both languages: each row is matched on its natural key and found equal (no insert, no update, no error, no
 * version moved, no audit row written).
 */
let t: TestApp;
let ar: Client;
beforeAll(async () => {
  t = await testApp({ demo: true });
  ar = await t.login('admin', ADMIN_PASSWORD, 'ar');
}, 600_000);
afterAll(async () => { await t?.close(); });

const audits = async () => Number((await t.db.orm.execute(sql`SELECT count(*)::int AS n FROM audit_log`)).rows[0]!.n);

describe('export then import changes nothing', () => {
  const importable = entities.filter(isImportable);
  it('covers the entities a company fills from spreadsheets', () => {
    for (const name of ['product', 'contact', 'account', 'beginningBalance', 'productCategory'])
      expect(importable.map((d) => d.name)).toContain(name);
  });

  for (const def of importable) {
    it(def.name, async () => {
      for (const c of [t.admin, ar]) {
        const exp = await c.get(`${entityBasePath(def)}/export.xlsx?pageSize=100000`);
        expect(exp.statusCode).toBe(200);
        const before = await audits();
        const res = await postImport(t, c, entityBasePath(def), `${def.path}.xlsx`, exp.rawPayload);
        if (res.statusCode === 400 && /no data rows|صفوف بيانات/.test(res.json().error.message)) {
          // nothing to export: only for an entity the demo has no record of
          expect(Number((await c.get(`${entityBasePath(def)}?pageSize=1`)).json().total), def.name).toBe(0);
          continue;
        }
        expect(res.statusCode, res.body).toBe(200);
        const r = res.json();
        expect({ failed: r.failed, errors: r.errors.slice(0, 3), inserted: r.inserted, updated: r.updated }).toEqual({ failed: 0, errors: [], inserted: 0, updated: 0 });
        expect(r.unchanged).toBe(r.rows);
        expect(r.rows).toBeGreaterThan(0);
        expect(await audits()).toBe(before);
      }
    });
  }
});
