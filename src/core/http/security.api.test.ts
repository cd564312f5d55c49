import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type TestApp, testApp } from '../../../tests/support/test-app';
import { createApp } from '../../app';
import { PROJECT_ROOT } from '../project-root';

/** Origin check, size limit, security headers, idempotency, unknown API paths, OpenAPI. */
let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

/** A CSP header as directive -> sources (each directive once: a repeated one is an error). */
function directives(header: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of header.split(';').map((p) => p.trim()).filter(Boolean)) {
    const [name, ...sources] = part.split(/\s+/);
    expect(out.has(name!.toLowerCase()), `directive ${name} repeated`).toBe(false);
    out.set(name!.toLowerCase(), sources);
  }
  return out;
}

describe('request guards', () => {
  it('refuses a cross-site POST with a foreign Origin (attack 13) and accepts its own', async () => {
    const foreign = await t.admin.req('POST', '/api/contacts/contacts', { kind: 'individual', name: 'CSRF' }, { origin: 'https://evil.example', host: 'erp.local' });
    expect(foreign.statusCode).toBe(403);
    const fetchSite = await t.admin.req('POST', '/api/contacts/contacts', { kind: 'individual', name: 'CSRF' }, { 'sec-fetch-site': 'cross-site' });
    expect(fetchSite.statusCode).toBe(403);
    const own = await t.admin.req('POST', '/api/contacts/contacts', { kind: 'individual', name: 'Fine' }, { origin: 'http://erp.local', host: 'erp.local' });
    expect(own.statusCode).toBe(201);
    expect((await t.admin.get('/api/contacts/contacts?search=csrf')).json().total).toBe(0);
  });

  it('answers 413 to a body over the limit, with nothing written', async () => {
    const res = await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: 'Big', notes: 'x'.repeat(1_100_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('too_large');
    expect((await t.admin.get('/api/contacts/contacts?search=big')).json().total).toBe(0);
  });

  it('answers unknown API paths with 404 JSON and non-numeric ids with 404', async () => {
    const res = await t.admin.get('/api/no/such/thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Page not found: /api/no/such/thing');
    expect((await t.admin.get('/api/contacts/contacts/abc')).statusCode).toBe(404);
  });

  it('sends a CSP without inline script, nosniff and no framing on every answer (attack 10)', async () => {
    const res = await t.admin.get('/api/health');
    expect(res.json()).toMatchObject({ status: 'ok', database: expect.stringMatching(/pglite|postgres/) });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const xss = (await t.admin.post('/api/contacts/contacts', { kind: 'individual', name: '<img src=x onerror=alert(1)>', nameAr: '<script>alert("س")</script>' })).json();
    const back = await t.admin.get(`/api/contacts/contacts/${xss.id}`);
    expect(back.headers['content-type']).toContain('application/json');
    expect(back.json().name).toBe('<img src=x onerror=alert(1)>');
  });

  it('serves the app\'s pages (/ and /ar) under a CSP that forbids inline script', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'web-'));
    const index = readFileSync(join(PROJECT_ROOT, 'index.html'), 'utf8');
    writeFileSync(join(webDir, 'index.html'), index);
    const app = await createApp(t.db, { webDir });
    try {
      // the page itself needs no inline script: each <script> loads a file
      const scripts = [...index.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        expect(attrs).toMatch(/\bsrc="/);
        expect(body!.trim()).toBe('');
      }
      for (const url of ['/', '/ar']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.body).toBe(index);
        const csp = directives(String(res.headers['content-security-policy']));
        expect(csp.get('script-src'), url).toEqual(["'self'"]);
        expect(csp.get('default-src'), url).toEqual(["'self'"]);
        expect(csp.has('script-src-elem') || csp.has('script-src-attr'), url).toBe(false);
        expect(csp.get('object-src'), url).toEqual(["'none'"]);
        expect(csp.get('base-uri'), url).toEqual(["'self'"]);
      }
    } finally {
      await app.close();
      rmSync(webDir, { recursive: true, force: true });
    }
  });

  it('describes the API in OpenAPI with every entity', async () => {
    const doc = (await t.anon().get('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/contacts/contacts', '/api/contacts/contacts/{id}', '/api/admin/users', '/api/contacts/branches']));
    expect(doc.components.schemas.ContactCreate.required).toEqual(expect.arrayContaining(['name', 'kind']));
    expect((await t.anon().get('/api/docs')).statusCode).toBeLessThan(400);
  });
});

describe('Idempotency-Key (attack 4)', () => {
  it('replays the same answer for the same key and body, refuses another body', async () => {
    const body = { kind: 'company', name: 'Idem Co' };
    const a = await t.admin.post('/api/contacts/contacts', body, { 'idempotency-key': 'k-1' });
    const b = await t.admin.post('/api/contacts/contacts', body, { 'idempotency-key': 'k-1' });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    expect(b.headers['idempotent-replayed']).toBe('true');
    const c = await t.admin.post('/api/contacts/contacts', { ...body, name: 'Other' }, { 'idempotency-key': 'k-1' });
    expect(c.statusCode).toBe(422);
    const rows = await t.db.orm.execute(sql`SELECT count(*)::int AS n FROM contacts WHERE name IN ('Idem Co', 'Other')`);
    expect((rows.rows[0] as { n: number }).n).toBe(1);
  });

  it('stores a validation answer too, and keys are per company', async () => {
    const a = await t.admin.post('/api/contacts/contacts', { kind: 'company' }, { 'idempotency-key': 'k-2' });
    const b = await t.admin.post('/api/contacts/contacts', { kind: 'company' }, { 'idempotency-key': 'k-2' });
    expect(a.statusCode).toBe(422);
    expect(b.statusCode).toBe(422);
    await t.anon().post('/api/auth/signup', { companyNameEn: 'Other Co', companyNameAr: 'أخرى', currency: 'SAR', username: 'other', fullName: 'Other', password: 'other-pass-1' });
    const other = await t.login('other', 'other-pass-1');
    const c = await other.post('/api/contacts/contacts', { kind: 'company', name: 'Theirs' }, { 'idempotency-key': 'k-1' });
    expect(c.statusCode).toBe(201);
    expect(c.json().name).toBe('Theirs');
  });
});
