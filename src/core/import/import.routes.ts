import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/connect';
import { type AnyEntity, permissionCode } from '../entity/define';
import { entityBasePath } from '../http/crud.routes';
import { AppError, badRequest } from '../http/errors';
import { requireCtx, requirePermission } from '../http/guard';
import { routeDoc } from '../http/route-doc';
import { isLocale, tr } from '../i18n/locale';
import { messages } from '../i18n/messages';
import { isImportable, suggestMapping } from './columns';
import { fileKind } from './file-kind';
import { im } from './import.messages';
import { importMaxBytes } from './limits';
import { runImport } from './run';
import { openSource } from './source';
import { type Spooled, spool } from './spool';
import { templateWorkbook } from './template';

/**
 * The import API of every importable entity (columns.ts isImportable), permission `add`:
 * - GET  <base>/import/template.xlsx?lang=en|ar  the template;
 * - POST <base>/import/preview  (multipart `file`)  the headers found and the suggested mapping;
 * - POST <base>/import?dryRun=1&validOnly=1&mapping=<json>&progress=1  (multipart `file`)  the import (run.ts).
 *   With progress=1 the answer is NDJSON: `{"progress":rows}` lines as batches are written, then `{"result":...}`
 *   (or `{"error":{message}}` for a fault found after the first progress line).
 */
async function upload(req: FastifyRequest): Promise<Spooled> {
  const max = importMaxBytes();
  const part = await req.file({ limits: { fileSize: max, files: 1 } });
  if (!part) throw badRequest(im.noFile);
  const file = await spool(part.file);
  if (part.file.truncated) {
    await file.drop();
    throw new AppError(413, 'too_large', im.tooLarge, undefined, { max: Math.round(max / 1024 / 1024) });
  }
  return file;
}

const flag = (v: unknown) => v === '1' || v === 'true';

export function registerImportRoutes(app: FastifyInstance, db: Database, defs: AnyEntity[]): void {
  for (const def of defs.filter(isImportable)) {
    const base = `${entityBasePath(def)}/import`;
    const guard = async (req: FastifyRequest) => {
      const ctx = await requireCtx(db, req);
      requirePermission(ctx, permissionCode(def, 'add'));
      return ctx;
    };

    app.get(`${base}/template.xlsx`, routeDoc(`Import template of ${def.pluralLabel.en} (.xlsx)`, { query: { lang: 'en | ar (headers; default: the caller\'s)' } }), async (req, reply) => {
      const ctx = await guard(req);
      const lang = (req.query as { lang?: unknown }).lang;
      const locale = isLocale(lang) ? lang : ctx.locale;
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      reply.header('content-disposition', `attachment; filename="${def.path}-template.xlsx"`);
      return reply.send(await templateWorkbook(def, locale));
    });

    app.post(`${base}/preview`, routeDoc(`Headers of a file to import into ${def.pluralLabel.en}, and the suggested mapping`, { responses: { 200: '{ headers, mapping }', 400: 'Not a spreadsheet, empty', 413: 'Too large' } }), async (req) => {
      const ctx = await guard(req);
      const file = await upload(req);
      try {
        const src = await openSource(def, file.path, await fileKind(file.path, file.size));
        await src.rows.return(undefined);
        return { headers: src.headers, mapping: suggestMapping(def, src.headers) };
      } finally {
        await file.drop();
      }
    });

    app.post(base, routeDoc(`Import ${def.pluralLabel.en} from .xlsx or .csv (one transaction)`, {
      query: { dryRun: '1: validate only, store nothing', validOnly: '1: keep the valid rows when some fail', mapping: 'JSON array: field key (or null) per header', progress: '1: NDJSON progress lines, then the result' },
      responses: { 200: '{ rows, inserted, updated, unchanged, failed, errors: [{ row, column, message }], committed }', 400: 'Not a spreadsheet, empty, too many rows, no known column', 413: 'Too large' },
    }), async (req, reply) => {
      const ctx = await guard(req);
      const q = req.query as Record<string, unknown>;
      let mapping: unknown;
      if (typeof q.mapping === 'string' && q.mapping) {
        try { mapping = JSON.parse(q.mapping); } catch { throw badRequest(im.badMapping); }
      }
      const file = await upload(req);
      let stream: PassThrough | null = null;
      const line = (o: unknown) => JSON.stringify(o) + '\n';
      const started = (r: FastifyReply) => {
        if (!stream) { stream = new PassThrough(); r.header('content-type', 'application/x-ndjson; charset=utf-8'); r.send(stream); }
        return stream;
      };
      try {
        const kind = await fileKind(file.path, file.size);
        const result = await runImport(ctx, def, file.path, kind, {
          mapping, dryRun: flag(q.dryRun), validOnly: flag(q.validOnly),
          onProgress: flag(q.progress) ? (rows) => started(reply).write(line({ progress: rows })) : undefined,
        });
        if (stream) { (stream as PassThrough).end(line({ result })); return reply; }
        return result;
      } catch (e) {
        if (!stream) throw e;
        const message = e instanceof AppError ? e.messageIn(ctx.locale) : tr(messages.internal, ctx.locale);
        (stream as PassThrough).end(line({ error: { message } }));
        if (!(e instanceof AppError)) req.log.error(e);
        return reply;
      } finally {
        await file.drop();
      }
    });
  }
}
