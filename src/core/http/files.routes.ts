import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connect';
import { files } from '../db/system.schema';
import { AppError, notFound, unprocessable } from './errors';
import { requireCtx } from './guard';
import { routeDoc } from './route-doc';
import { messages } from '../i18n/messages';

/**
 * Uploads (avatars, logos, product images). Only raster images whose bytes match their type are kept; the
 * stored name is generated, the client's name is metadata (sanitised when sent back). Served with nosniff and
 * a sandboxing CSP, so even a disguised file cannot run script.
 */
export const MAX_UPLOAD = 2 * 1024 * 1024;

const SIGNATURES: { mime: string; ext: string; test: (b: Buffer) => boolean }[] = [
  { mime: 'image/png', ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mime: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', ext: 'gif', test: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a' },
  { mime: 'image/webp', ext: 'webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export function sniffImage(buf: Buffer): { mime: string; ext: string } | null {
  return SIGNATURES.find((s) => s.test(buf)) ?? null;
}

/** A display name safe to send back: no path parts, controls, bidi overrides or quotes. */
export function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069"<>:|?*]/g, '').replace(/^\.+/, '').trim();
  return clean.slice(0, 200) || 'file';
}

export function registerFileRoutes(app: FastifyInstance, db: Database): void {
  app.post('/api/files', routeDoc('Upload an image (multipart field `file`; png, jpeg, webp, gif; 2 MB)', { responses: { 201: '{ id, name, mime, size }', 413: 'Too large', 422: 'Not an accepted image' } }), async (req, reply) => {
    const ctx = await requireCtx(db, req);
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
    await db.orm.insert(files).values({ id, companyId: ctx.companyId, originalName, mime: kind.mime, size: buf.length, content: buf.toString('base64'), createdBy: ctx.user.id });
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
    reply.header('content-disposition', `inline; filename="${encodeURIComponent(safeName(f.originalName))}"`);
    reply.header('cache-control', 'private, max-age=86400, immutable');
    return reply.send(Buffer.from(f.content, 'base64'));
  });
}
