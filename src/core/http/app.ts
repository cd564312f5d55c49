import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Database } from '../db/connect';
import type { AnyEntity } from '../entity/define';
import { AppError, isDataError } from './errors';
import { localeOf } from './locale';
import { registerSecurity } from './security';
import { isDraining, registerDrain } from './drain';
import { answerFromKey, registerIdempotency } from './idempotency';
import { AlreadyDone } from '../db/request-key';
import { DatabaseUnavailable, isConnectionError } from '../db/outage';
import { replicaStatus } from '../db/replica';
import { registerCrudRoutes } from './crud.routes';
import { registerFileRoutes, MAX_UPLOAD } from './files.routes';
import { registerImportRoutes } from '../import/import.routes';
import { addRoutePaths, openApiDocument } from './openapi';
import { collectRouteDocs, routeDoc } from './route-doc';
import type { TrustProxy } from './trust-proxy';
import { messages } from '../i18n/messages';
import { type Locale, tr } from '../i18n/locale';

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
  /** core/http/trust-proxy.ts: never every hop. */
  trustProxy?: TrustProxy;
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

/** 503 with Retry-After: the database is out of reach, or a write's outcome could not be learned; retrying with the same key is safe. */
function unavailable(reply: FastifyReply, locale: Locale) {
  return reply.code(503).header('retry-after', '2').send({ error: { code: 'unavailable', message: tr(messages.unavailable, locale) } });
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: 'warn' } : false,
    bodyLimit: 1024 * 1024,
    trustProxy: opts.trustProxy ?? false,
    routerOptions: { maxParamLength: 200 },
    // a request arriving while the server closes is refused by drain.ts, in the caller's language, with Retry-After
    return503OnClosing: false,
  });
  const documented = collectRouteDocs(app);
  await app.register(cookie);
  registerDrain(app); // after the cookies (its refusal is in the caller's language), before everything else
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD, files: 1, fields: 5 } });
  registerSecurity(app, { exempt: (url) => url.startsWith('/iclock/') });
  registerIdempotency(app, opts.db);

  app.setErrorHandler(async (err, req, reply) => {
    const locale = localeOf(req);
    if (err instanceof AlreadyDone) {
      // the same work committed already (a retry, a duplicate in flight, or a commit whose reply was lost)
      try {
        if (await answerFromKey(opts.db, req, reply, err.key)) return reply;
      } catch (e) {
        if (e instanceof AppError) return reply.code(e.status).send({ error: { code: e.code, message: e.messageIn(locale) } });
        return unavailable(reply, locale);
      }
    }
    if (err instanceof DatabaseUnavailable || isConnectionError(err)) return unavailable(reply, locale);
    if (err instanceof AppError) {
      return reply.code(err.status).send({ error: { code: err.code, message: err.messageIn(locale), ...(err.fields ? { fields: err.fieldsIn(locale) } : {}) } });
    }
    // Last line of defence: a value PostgreSQL refused (bad text for its type, out of range, NUL, too long) that the
    // field checks let through is the caller's fault, not the server's.
    if (isDataError(err)) {
      return reply.code(400).send({ error: { code: 'bad_request', message: tr(messages.badValue, locale) } });
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ error: { code: 'too_large', message: tr(messages.tooLarge, locale) } });
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      // the framework's own refusals (unreadable JSON, an empty body, a content type it does not parse), in the caller's language
      const status = e.statusCode === 415 ? 415 : 400;
      return reply.code(status).send({ error: { code: 'bad_request', message: tr(status === 415 ? messages.unsupportedMedia : messages.badRequestBody, locale) } });
    }
    req.log.error(err);
    if (process.env.NODE_ENV !== 'production' && !opts.logger) console.error(err);
    return reply.code(500).send({ error: { code: 'internal', message: tr(messages.internal, locale) } });
  });

  // `replica`: none (not configured), up, or down (then reads go to the primary: still ready); 503 while draining
  app.get('/api/health/ready', routeDoc('Readiness: 200 when the database answers, 503 while it does not or while the server drains; { status, database, replica: up|down|none }', { tags: ['system'], public: true }),
    async (_req, reply) => {
      if (isDraining(app)) return reply.code(503).header('retry-after', '2').send({ status: 'draining', database: opts.db.kind });
      const replica = replicaStatus(opts.db);
      try {
        await opts.db.orm.execute(sql`SELECT 1`);
        return { status: 'ready', database: opts.db.kind, replica: await replica };
      } catch {
        return reply.code(503).header('retry-after', '2').send({ status: 'unavailable', database: opts.db.kind, replica: await replica });
      }
    });

  app.get('/api/health', routeDoc('Health: { status, database, version }', { tags: ['system'], public: true }),
    async () => ({ status: 'ok', database: opts.db.kind, version: opts.version }));

  // The OpenAPI document is made on its first request, not at every start (a tenth of a warm start's CPU): swagger's
  // static mode keeps the object it is given and reads it only when asked, so it is filled in place by then.
  const doc = {} as ReturnType<typeof openApiDocument>;
  let docMade = false;
  const makeDoc = () => {
    if (docMade) return;
    docMade = true;
    Object.assign(doc, openApiDocument(opts.entities, opts.version));
    addRoutePaths(doc, documented);
  };
  app.addHook('onRequest', async (req) => {
    if (!docMade && (req.url.startsWith('/api/docs') || req.url.startsWith('/api/openapi.json'))) makeDoc();
  });
  await app.register(swagger, { mode: 'static', specification: { document: doc as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', routeDoc('This document (also rendered at /api/docs)', { tags: ['system'], public: true }), async () => {
    makeDoc();
    return doc;
  });

  registerCrudRoutes(app, opts.db, opts.entities);
  registerFileRoutes(app, opts.db);
  registerImportRoutes(app, opts.db, opts.entities);
  await opts.extend?.(app);

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
