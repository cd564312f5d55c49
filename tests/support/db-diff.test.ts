import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { changes, picture } from './db-diff';
import { type TestApp, testApp } from './test-app';

/** The whole-database picture sees a row inserted, a column updated and a row deleted, in any table, and nothing else. */
let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

it('names every inserted, updated and deleted row, exactly, and nothing when nothing changed', async () => {
  const q = (s: ReturnType<typeof sql>) => t.db.orm.execute(s);
  const before = await picture(t.db);
  expect(changes(before, await picture(t.db))).toEqual({});
  const [c] = (await q(sql`SELECT id, name FROM contacts ORDER BY id LIMIT 1`)).rows as { id: number; name: string }[];
  await q(sql`INSERT INTO contacts (company_id, kind, name) VALUES (1, 'individual', 'Noura Al-Harbi')`);
  await q(sql`UPDATE contacts SET name = 'Renamed' WHERE id = ${c!.id}`);
  await q(sql`DELETE FROM uoms WHERE id = (SELECT max(id) FROM uoms)`);
  const diff = changes(before, await picture(t.db));
  expect(Object.keys(diff).sort()).toEqual(['contacts', 'uoms']);
  expect(diff.contacts!.inserted.map((r) => r.name)).toEqual(['Noura Al-Harbi']);
  expect(diff.contacts!.updated).toEqual([{ key: String(c!.id), before: expect.objectContaining({ name: c!.name }), after: expect.objectContaining({ name: 'Renamed' }) }]);
  expect(diff.uoms!.deleted).toHaveLength(1);
  expect(diff.uoms!.inserted).toEqual([]);
});
