import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Database } from '../db/connect';
import type { AnyEntity } from '../entity/define';
import { AppError } from './errors';
import { localeOf } from './locale';
import { registerSecurity } from './security';
import { registerIdempotency } from './idempotency';
import { registerCrudRoutes } from './crud.routes';
import { registerFileRoutes, MAX_UPLOAD } from './files.routes';
import { addRoutePaths, openApiDocument } from './openapi';
import { collectRouteDocs, routeDoc } from './route-doc';
import { messages } from '../i18n/messages';
import { tr } from '../i18n/locale';

/**
 * The HTTP engine: security and idempotency hooks, the error format, the generic entity routes, files,
 * OpenAPI, and the built web app with SPA fallback. Modules add their own routes through `extend`.
 */
export interface AppOptions {
  db: Database;
  entities: AnyEntity[];
  version: string;
  webDir?: string;
  logger?: boolean;
  trustProxy?: boolean;
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: 'warn' } : false,
    bodyLimit: 1024 * 1024,
    trustProxy: opts.trustProxy ?? false,
    routerOptions: { maxParamLength: 200 },
  });
  const documented = collectRouteDocs(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD, files: 1, fields: 5 } });
  registerSecurity(app, { exempt: (url) => url.startsWith('/iclock/') });
  registerIdempotency(app, opts.db);

  app.setErrorHandler((err, req, reply) => {
    const locale = localeOf(req);
    if (err instanceof AppError) {
      return reply.code(err.status).send({ error: { code: err.code, message: err.messageIn(locale), ...(err.fields ? { fields: err.fields } : {}) } });
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ error: { code: 'too_large', message: tr(messages.tooLarge, locale) } });
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.code(e.statusCode === 415 ? 415 : 400).send({ error: { code: 'bad_request', message: e.message ?? 'Bad request' } });
    }
    req.log.error(err);
    if (process.env.NODE_ENV !== 'production' && !opts.logger) console.error(err);
    return reply.code(500).send({ error: { code: 'internal', message: tr(messages.internal, locale) } });
  });

  app.get('/api/health', routeDoc('Health: { status, database, version }', { tags: ['system'], public: true }),
    async () => ({ status: 'ok', database: opts.db.kind, version: opts.version }));

  const doc = openApiDocument(opts.entities, opts.version);
  await app.register(swagger, { mode: 'static', specification: { document: doc as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', routeDoc('This document (also rendered at /api/docs)', { tags: ['system'], public: true }), async () => doc);

  registerCrudRoutes(app, opts.db, opts.entities);
  registerFileRoutes(app, opts.db);
  await opts.extend?.(app);
  addRoutePaths(doc, documented);

  // index.html is re-read when the build changes, so a running server never points at deleted chunks.
  const webDir = opts.webDir;
  const indexPath = webDir ? join(webDir, 'index.html') : null;
  let cached: { mtime: number; html: string } | null = null;
  const indexHtml = (): string | null => {
    if (!indexPath || !existsSync(indexPath)) return null;
    const mtime = statSync(indexPath).mtimeMs;
    if (!cached || cached.mtime !== mtime) cached = { mtime, html: readFileSync(indexPath, 'utf8') };
    return cached.html;
  };
  if (webDir && existsSync(webDir)) {
    await app.register(fastifyStatic, { root: webDir, wildcard: false, index: false, setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    } });
  }
  app.setNotFoundHandler((req, reply) => {
    const locale = localeOf(req);
    const path = req.url.split('?')[0]!;
    const html = req.method === 'GET' ? indexHtml() : null;
    if (path.startsWith('/api/') || path === '/api' || !html || path.startsWith('/assets/') || path.startsWith('/builds/')) {
      return reply.code(404).send({ error: { code: 'not_found', message: tr(messages.pageNotFound, locale, { path: path.slice(0, 200) }) } });
    }
    return reply.code(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
  return app;
}
