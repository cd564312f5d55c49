import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../tests/support/test-app';

/** /api/openapi.json lists the hand-written routes (from their routeDoc) beside the generic entity routes. */
let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

const root = new URL('../../', import.meta.url).pathname;
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []);
}
/** Every `app.<method>('/api/...'` of the engine and of the admin, accounting and inventory modules. */
function handWritten(): { method: string; path: string }[] {
  const files = ['core/http', 'modules/admin', 'modules/accounting', 'modules/inventory'].flatMap((d) => sources(join(root, d)));
  return files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/app\.(get|post|patch|put|delete)\('(\/api\/[^']+)'/g)]
    .map((m) => ({ method: m[1]!, path: m[2]!.replace(/:(\w+)/g, '{$1}') })));
}

describe('OpenAPI document', () => {
  it('describes the auth, admin, files and accounting routes with a summary', async () => {
    const doc = (await t.anon().get('/api/openapi.json')).json();
    const op = (path: string, method: string) => doc.paths[path]?.[method];
    expect(op('/api/auth/login', 'post')).toMatchObject({ tags: ['auth'], summary: expect.stringMatching(/Sign in/), security: [] });
    expect(op('/api/auth/login', 'post').requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    expect(op('/api/admin/profiles/{username}', 'patch').parameters[0]).toMatchObject({ name: 'username', in: 'path', required: true });
    expect(op('/api/accounting/reports/{name}', 'get').summary).toMatch(/trial-balance/);
    expect(op('/api/accounting/reports/{name}', 'get').parameters.map((p: { name: string }) => p.name)).toContain('format');
    expect(op('/api/accounting/journal-entries', 'post')).toBeTruthy();
    const routes = handWritten();
    expect(routes.length).toBeGreaterThanOrEqual(24); // report routes of every module come from core/http/report.routes.ts
    expect(op('/api/accounting/reports/combined.xlsx', 'get')?.summary).toBeTruthy();
    const missing = routes.filter((r) => !op(r.path, r.method)?.summary);
    expect(missing).toEqual([]);
  });

  it("documents the create flag of states.onCreate (create and run the transition in one transaction)", async () => {
    const doc = (await t.anon().get('/api/openapi.json')).json();
    const createBody = (path: string) => {
      const ref: string = doc.paths[path].post.requestBody.content['application/json'].schema.$ref;
      return doc.components.schemas[ref.replace('#/components/schemas/', '')];
    };
    const delivery = createBody('/api/inventory/deliveries');
    expect(delivery.properties.validate).toMatchObject({ type: 'boolean', description: expect.stringMatching(/validate transition.*one transaction.*inventory\.delivery\.validate/) });
    expect(delivery.required ?? []).not.toContain('validate');
    const entry = createBody('/api/accounting/journal-entries');
    expect(entry.properties.post).toMatchObject({ type: 'boolean', description: expect.stringMatching(/post transition.*one transaction.*accounting\.journalEntry\.post/) });
    expect(entry.required ?? []).not.toContain('post');
    expect(entry.properties.validate).toBeUndefined();
    // an entity without onCreate takes no such flag: a transfer has the delivery's transitions (validate included)
    const transfer = createBody('/api/inventory/transfers');
    expect(transfer.properties.items).toBeTruthy();
    expect(transfer.properties.validate).toBeUndefined();
    // and no create body but those two documents a transition flag
    const flagged = Object.entries(doc.components.schemas as Record<string, { properties?: Record<string, { description?: string }> }>)
      .filter(([, s]) => Object.values(s.properties ?? {}).some((p) => /transition .*in one transaction/.test(p.description ?? '')))
      .map(([n]) => n);
    expect(flagged.sort()).toEqual(['DeliveryCreate', 'JournalEntryCreate']);
  });
});
