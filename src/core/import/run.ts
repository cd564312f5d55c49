import { type AnyEntity, permissionCode } from '../entity/define';
import { withTx } from '../db/tx';
import type { Ctx } from '../http/context';
import { badRequest } from '../http/errors';
import { requirePermission } from '../http/guard';
import { tr } from '../i18n/locale';
import { isImportable, suggestMapping } from './columns';
import type { FileKind } from './file-kind';
import { im } from './import.messages';
import { BATCH_ROWS } from './limits';
import { LineGrouper, type Parsed, parseRow } from './parse-rows';
import type { RowError } from './row-values';
import { checkMapping, openSource } from './source';
import { type Counts, Writer } from './writer';

/**
 * One import of a file into an entity, in ONE transaction (withTx): the file streamed a batch at a time through
 * Writer. A dry run always rolls back; otherwise the transaction commits when no row failed, or, when the caller
 * chose to keep the valid rows, whatever passed (failing rows were rolled back to their own savepoints). So an
 * all-or-nothing import with an error in row 70,000 keeps none of the 69,999 before it.
 */
export interface ImportOptions {
  mapping?: unknown;
  dryRun?: boolean;
  validOnly?: boolean;
  onProgress?: (rows: number) => void;
}
export interface ImportResult extends Counts {
  headers: string[];
  mapping: (string | null)[];
  rows: number;
  committed: boolean;
  dryRun: boolean;
  /** The outcome in the caller's language ("The import stored nothing: rows with errors: 3"), when it stored nothing. */
  message?: string;
}

class Rollback extends Error {}

export async function runImport(ctx: Ctx, def: AnyEntity, path: string, kind: FileKind, opts: ImportOptions = {}): Promise<ImportResult> {
  if (!isImportable(def)) throw badRequest(im.notImportable);
  requirePermission(ctx, permissionCode(def, 'add'));
  let result: ImportResult | null = null;
  try {
    await withTx(ctx.db, async (tx) => {
      // inside: a retried transaction reads the file again from its start
      const src = await openSource(def, path, kind);
      const mapping = opts.mapping === undefined ? suggestMapping(def, src.headers) : checkMapping(def, src.headers, opts.mapping);
      if (!mapping.some((k) => k !== null && !k.includes('.'))) throw badRequest(im.noColumns, { entity: tr(def.pluralLabel, ctx.locale) });
      const r: ImportResult = result = { headers: src.headers, mapping, rows: 0, inserted: 0, updated: 0, unchanged: 0, failed: 0, errors: [], committed: false, dryRun: !!opts.dryRun };
      const writer = new Writer(ctx, def, tx, r);
      const grouper = def.import?.lines && mapping.some((k) => k?.includes('.')) ? new LineGrouper(ctx, def, mapping) : null;
      let batch: Parsed[] = [];
      for await (const { n, cells } of src.rows) {
        r.rows++;
        if (grouper) { grouper.add(n, cells); continue; }
        batch.push(parseRow(ctx, def, mapping, n, cells));
        if (batch.length >= BATCH_ROWS) {
          await writer.batch(batch);
          batch = [];
          opts.onProgress?.(r.rows);
        }
      }
      if (r.rows === 0) throw badRequest(im.noRows);
      const rest = grouper ? grouper.all() : batch;
      for (let i = 0; i < rest.length; i += BATCH_ROWS) await writer.batch(rest.slice(i, i + BATCH_ROWS));
      opts.onProgress?.(r.rows);
      r.errors.sort((a: RowError, b: RowError) => a.row - b.row);
      if (opts.dryRun || (r.failed > 0 && !opts.validOnly)) throw new Rollback();
    });
    result!.committed = true;
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
    if (!result!.dryRun) result!.message = tr(im.failed, ctx.locale, { count: result!.failed });
  }
  return result!;
}
