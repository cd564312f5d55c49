import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../tests/support/test-app';

/** Uploads: only real images, generated names, safe download headers, size limit (attacks 7 and 8). */
let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a1ed3a8a0000000049454e44ae426082', 'hex');

function multipart(filename: string, content: Buffer, type = 'image/png') {
  const boundary = '----daftar' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(filename: string, content: Buffer, type?: string) {
  const m = multipart(filename, content, type);
  return t.app.inject({ method: 'POST', url: '/api/files', payload: m.payload, headers: { ...m.headers, cookie: t.admin.cookie } });
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
