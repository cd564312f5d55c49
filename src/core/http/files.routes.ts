import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connect';
import { files } from '../db/system.schema';
import { AppError, forbidden, notFound, unprocessable } from './errors';
import { requireCtx } from './guard';
import { type Ctx, can } from './context';
import { permissionCode } from '../entity/define';
import { entities } from '../../modules/registry';
import { routeDoc } from './route-doc';
import { messages } from '../i18n/messages';

/**
 * Uploads (avatars, logos, product images). Only raster images whose bytes match their type are kept; the
 * stored name is generated, the client's name is metadata (sanitised when sent back, and a download is named with
 * the extension of the type its bytes are, whatever the client's name said). Served with nosniff and
 * a sandboxing CSP, so even a disguised file cannot run script.
 * - An upload needs a permission: `?for=<entity>.<field>` names the image field it is for, and the caller must
 *   hold add or change on that entity (anyone may upload their own avatar, `user.avatar`: the profile page);
 *   without `for`, add or change on some entity with an image field.
 * - A company's files count against UPLOAD_QUOTA_MB (default 500): an upload past it is a 413 saying so in the
 *   caller's language. Checked in the INSERT's own statement (two uploads at the very same moment may each fit).
 */
export const MAX_UPLOAD = 2 * 1024 * 1024;

export function uploadQuotaBytes(env: NodeJS.ProcessEnv = process.env): number {
  const mb = Number(env.UPLOAD_QUOTA_MB);
  return (env.UPLOAD_QUOTA_MB && Number.isFinite(mb) && mb > 0 ? mb : 500) * 1024 * 1024;
}

const imageFields = entities.flatMap((def) => Object.entries(def.fields).filter(([, fl]) => fl.kind === 'file').map(([key]) => ({ def, key })));

function mayUpload(ctx: Ctx, target: unknown): boolean {
  const writes = (d: (typeof imageFields)[number]) => can(ctx, permissionCode(d.def, 'add')) || can(ctx, permissionCode(d.def, 'change'));
  if (typeof target !== 'string' || !target) return imageFields.some(writes);
  const d = imageFields.find((x) => `${x.def.name}.${x.key}` === target);
  return !!d && (writes(d) || target === 'user.avatar');
}

const SIGNATURES: { mime: string; ext: string; test: (b: Buffer) => boolean }[] = [
  { mime: 'image/png', ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mime: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', ext: 'gif', test: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a' },
  { mime: 'image/webp', ext: 'webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export function sniffImage(buf: Buffer): { mime: string; ext: string } | null {
  return SIGNATURES.find((s) => s.test(buf)) ?? null;
}

/**
 * Characters a sent-back name must not hold: C0 and C1 controls, the line and paragraph separators, every bidi
 * control (the marks U+200E LRM, U+200F RLM and U+061C ALM, the embeddings and overrides U+202A-U+202E, the isolates
 * U+2066-U+2069: each can make "gnp.exe" read as "exe.png"), quotes and the characters file systems refuse.
 */
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"<>:|?*]/g;

/** A display name safe to send back: no path parts, controls, bidi controls or quotes. */
export function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNSAFE_IN_NAME, '').replace(/^\.+/, '').trim();
  return clean.slice(0, 200) || 'file';
}

/**
 * The name a download is offered under: the client's name (safeName) with the extension of the type the bytes were
 * found to be, so "x.html" holding a GIF downloads as "x.gif" (a saved file opens as what it is, never as a page).
 * `ext`: the stored type's extension (sniffImage's); a JPEG named ".jpeg" keeps it.
 */
export function downloadName(originalName: string, ext: string): string {
  const name = safeName(originalName);
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const given = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (given === ext || (ext === 'jpg' && given === 'jpeg')) return name;
  return `${stem.replace(/[.\s]+$/, '') || 'file'}.${ext}`;
}

export function registerFileRoutes(app: FastifyInstance, db: Database): void {
  app.post('/api/files', routeDoc('Upload an image (multipart field `file`; png, jpeg, webp, gif; 2 MB) for the image field `?for=<entity>.<field>`', { query: { for: '<entity>.<field>' }, responses: { 201: '{ id, name, mime, size }', 403: 'No add or change permission on that entity', 413: 'Too large, or past the company quota (UPLOAD_QUOTA_MB)', 422: 'Not an accepted image' } }), async (req, reply) => {
    const ctx = await requireCtx(db, req);
    if (!mayUpload(ctx, (req.query as { for?: unknown }).for)) throw forbidden('forbidden');
    const part = await req.file({ limits: { fileSize: MAX_UPLOAD, files: 1 } });
    if (!part) throw unprocessable('badUpload', {}, { file: messages.badUpload[ctx.locale] });
    const buf = await part.toBuffer().catch((e: { code?: string }) => {
      if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'too_large', messages.tooLarge);
      throw e;
    });
    if (part.file.truncated) throw new AppError(413, 'too_large', messages.tooLarge);
    const kind = sniffImage(buf);
    if (!kind) throw unprocessable('badUpload', {}, { file: messages.badUpload[ctx.locale] });
    const id = `${randomUUID()}.${kind.ext}`;
    const originalName = safeName(part.filename ?? 'file');
    const quota = uploadQuotaBytes();
    const stored = await db.orm.execute(sql`INSERT INTO files (id, company_id, original_name, mime, size, content, created_by)
      SELECT ${id}, ${ctx.companyId}::int, ${originalName}, ${kind.mime}, ${buf.length}::int, ${buf.toString('base64')}, ${ctx.user.id}::int
      WHERE (SELECT coalesce(sum(size), 0) FROM files WHERE company_id = ${ctx.companyId}::int) + ${buf.length} <= ${quota}
      RETURNING id`);
    if (!stored.rows.length) {
      const [u] = await db.orm.select({ used: sql<string>`coalesce(sum(${files.size}), 0)::text` }).from(files).where(eq(files.companyId, ctx.companyId));
      const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
      throw new AppError(413, 'quota_exceeded', messages.uploadQuota, undefined, { quota: mb(quota), used: mb(Number(u!.used)) });
    }
    reply.code(201);
    return { id, name: originalName, mime: kind.mime, size: buf.length };
  });

  app.get('/api/files/:id', routeDoc('Download a file (nosniff, sandboxing CSP)', { responses: { 200: 'The bytes', 404: 'Not found' } }), async (req, reply) => {
    const ctx = await requireCtx(db, req);
    const id = (req.params as { id: string }).id;
    if (!/^[A-Za-z0-9-]+\.[a-z0-9]+$/.test(id)) throw notFound('notFound');
    const [f] = await db.orm.select().from(files).where(and(eq(files.id, id), eq(files.companyId, ctx.companyId)));
    if (!f) throw notFound('notFound');
    reply.header('content-type', f.mime);
    reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
    const ext = SIGNATURES.find((s) => s.mime === f.mime)?.ext ?? id.slice(id.lastIndexOf('.') + 1);
    reply.header('content-disposition', `inline; filename="${encodeURIComponent(downloadName(f.originalName, ext))}"`);
    reply.header('cache-control', 'private, max-age=86400, immutable');
    return reply.send(Buffer.from(f.content, 'base64'));
  });
}
