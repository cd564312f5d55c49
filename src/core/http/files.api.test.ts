import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN_PASSWORD, type TestApp, testApp } from '../../../tests/support/test-app';
import { downloadName, safeName } from './files.routes';

/** Uploads: only real images, generated names, safe download headers, size limit (attacks 7 and 8). */
let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

const GIF_HTML = Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<html><script>alert(1)</script></html>')]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a1ed3a8a0000000049454e44ae426082', 'hex');

function multipart(filename: string, content: Buffer, type = 'image/png') {
  const boundary = '----daftar' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(filename: string, content: Buffer, type?: string, as: { cookie: string } = t.admin, query = '') {
  const m = multipart(filename, content, type);
  return t.app.inject({ method: 'POST', url: `/api/files${query}`, payload: m.payload, headers: { ...m.headers, cookie: as.cookie } });
}

async function userWith(username: string, permissions: string[], locale: 'en' | 'ar' = 'en') {
  const g = (await t.admin.post('/api/admin/groups', { name: `G ${username}`, permissions })).json();
  expect((await t.admin.post('/api/admin/users', { username, fullName: username, password: 'secret-pass-1', groups: [g.id] })).statusCode).toBe(201);
  return t.login(username, 'secret-pass-1', locale);
}

describe('uploads', () => {
  it('stores an image under a generated name whatever the client called it', async () => {
    for (const name of ['../../x.png', '..\\x.png', 'a\u0000b.png', 'evil\u202Egnp.exe']) {
      const res = await upload(name, PNG);
      expect(res.statusCode).toBe(201);
      const f = res.json();
      expect(f.id).toMatch(/^[0-9a-f-]{36}\.png$/);
      expect(f.name).not.toMatch(/[\\/\u0000\u202E]/);
      const dl = await t.admin.get(`/api/files/${f.id}`);
      expect(dl.statusCode).toBe(200);
      expect(dl.headers['content-type']).toBe('image/png');
      expect(dl.headers['x-content-type-options']).toBe('nosniff');
      expect(dl.headers['content-security-policy']).toContain('sandbox');
      expect(String(dl.headers['content-disposition'])).not.toMatch(/\.\.|\u202E/);
    }
  });

  it('refuses SVG with script, HTML named .png, and files over 2 MB (413)', async () => {
    const svg = await upload('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml');
    expect(svg.statusCode).toBe(422);
    const html = await upload('avatar.png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(422);
    const big = await upload('big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]));
    expect(big.statusCode).toBe(413);
  });

  it('uses an uploaded image as avatar and company logo', async () => {
    const f = (await upload('me.png', PNG)).json();
    const me = (await t.admin.get('/api/admin/profiles/admin')).json();
    const upd = await t.admin.patch('/api/admin/profiles/admin', { avatar: f.id, version: me.version });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().avatar).toBe(f.id);
    const bad = await t.admin.patch('/api/admin/companies/1', { logo: '../../etc/passwd' });
    expect(bad.statusCode).toBe(422);
    const ok = await t.admin.patch('/api/admin/companies/1', { logo: f.id });
    expect(ok.statusCode).toBe(200);
  });
});

describe('upload permission and quota', () => {
  it('needs add or change on the image field\'s entity; anyone may upload their own avatar', async () => {
    const viewer = await userWith('viewer1', ['contacts.contact.view']);
    expect((await upload('a.png', PNG, undefined, viewer)).statusCode).toBe(403);
    expect((await upload('a.png', PNG, undefined, viewer, '?for=company.logo')).statusCode).toBe(403);
    expect((await upload('a.png', PNG, undefined, viewer, '?for=contact.name')).statusCode).toBe(403);
    expect((await upload('a.png', PNG, undefined, viewer, '?for=user.avatar')).statusCode).toBe(201);
    const editor = await userWith('editor1', ['inventory.product.change']);
    expect((await upload('a.png', PNG, undefined, editor, '?for=product.image')).statusCode).toBe(201);
    expect((await upload('a.png', PNG, undefined, editor)).statusCode).toBe(201);
    expect((await upload('a.png', PNG, undefined, editor, '?for=company.logo')).statusCode).toBe(403);
  });

  it('a company past UPLOAD_QUOTA_MB gets a 413 saying so, in both languages', async () => {
    const used = Number((await t.db.orm.execute(sql`SELECT coalesce(sum(size), 0)::int AS n FROM files WHERE company_id = 1`)).rows[0]!.n);
    const before = process.env.UPLOAD_QUOTA_MB;
    process.env.UPLOAD_QUOTA_MB = String((used + PNG.length * 1.5) / 1024 / 1024);
    try {
      expect((await upload('fits.png', PNG)).statusCode).toBe(201);
      const over = await upload('over.png', PNG);
      expect(over.statusCode).toBe(413);
      expect(over.json().error.message).toMatch(/storage quota of 0\.0 MB/);
      const ar = await t.login('admin', ADMIN_PASSWORD, 'ar');
      expect((await upload('over.png', PNG, undefined, ar)).json().error.message).toContain('حصة التخزين');
    } finally {
      if (before === undefined) delete process.env.UPLOAD_QUOTA_MB;
      else process.env.UPLOAD_QUOTA_MB = before;
    }
    expect((await upload('again.png', PNG)).statusCode).toBe(201);
  });
});

/** The filename of a download's Content-Disposition, decoded. */
function dispositionName(header: unknown): string {
  const m = String(header).match(/^inline; filename="([^"]*)"$/);
  expect(m, String(header)).not.toBeNull();
  return decodeURIComponent(m![1]!);
}

const BIDI = ['\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('download names', () => {
  it('carry the extension of the type the bytes are, not the one the client gave', async () => {
    const cases: [string, Buffer, string, string][] = [
      ['x.html', GIF_HTML, 'image/gif', 'x.gif'],
      ['photo.png', JPEG, 'image/jpeg', 'photo.jpg'],
      ['photo.jpeg', JPEG, 'image/jpeg', 'photo.jpeg'],
      ['Logo.PNG', PNG, 'image/png', 'Logo.PNG'],
      ['scan', PNG, 'image/png', 'scan.png'],
      ['report.pdf.exe', PNG, 'image/png', 'report.pdf.png'],
    ];
    for (const [name, bytes, mime, served] of cases) {
      const res = await upload(name, bytes, 'text/html');
      expect(res.statusCode, name).toBe(201);
      expect(res.json().mime).toBe(mime);
      const dl = await t.admin.get(`/api/files/${res.json().id}`);
      expect(dl.headers['content-type']).toBe(mime);
      expect(dispositionName(dl.headers['content-disposition']), name).toBe(served);
    }
  });

  it('hold no bidi control (marks, embeddings, overrides, isolates), stored or served', async () => {
    const res = await upload('\u200Fgnp.exe\u061C\u200E\u202E\u2067.png', PNG);
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('gnp.exe.png');
    const dl = await t.admin.get(`/api/files/${res.json().id}`);
    expect(dispositionName(dl.headers['content-disposition'])).toBe('gnp.exe.png');
    for (const c of BIDI) {
      const code = `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
      expect(safeName(`a${c}b.png`), code).toBe('ab.png');
      expect(downloadName(`a${c}b.html`, 'gif'), code).toBe('ab.gif');
    }
    expect(safeName('a\u0085b\u2028c.png')).toBe('abc.png');
    // letters joined by ZWNJ / ZWJ (Persian, Arabic, emoji) are not controls to strip
    expect(safeName('می\u200Cخواهم.png')).toBe('می\u200Cخواهم.png');
  });
});
