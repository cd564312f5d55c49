import { type Column, getTableColumns, sql } from 'drizzle-orm';
import { recordAudits } from '../audit/audit';
import { rowFromSql, tableOf } from '../db/entity-table';
import type { Tx } from '../db/tx';
import type { AnyEntity } from '../entity/define';
import { present } from '../entity/crud.read';
import { hooksOf } from '../entity/hooks';
import { ops } from '../entity/operations';
import { entitySchema, fieldErrors } from '../entity/schema';
import type { Ctx } from '../http/context';
import { AppError, isDataError } from '../http/errors';
import { tr } from '../i18n/locale';
import { naturalKeyOf } from './columns';
import { sameValue } from './compare';
import { im } from './import.messages';
import type { Parsed } from './parse-rows';
import { RefResolver } from './refs';
import { RefText, type RowError, problem } from './row-values';
import { auditMark, auditRollback } from '../audit/audit.buffer';
import { forgetInTx } from '../db/tx-memo';
import { checkFilteredReferencesOf } from '../entity/crud.references';

/**
 * Writes a file's records in the caller's open transaction (run.ts), a batch at a time, through the platform's
 * write path: each batch's references resolved in the company (refs.ts), its rows matched on the natural key
 * (update, or nothing when no value differs) or inserted. Every row is validated by the entity's own zod schema
 * and hooks, so the rules are the form's. Inserts are set-based where the hooks allow it (no create or afterCreate
 * hook, no multi-reference field): the beforeCreateMany hooks (one set-based call where the entity offers it, else
 * beforeCreate per row), the references' `filters` (crud.references.ts), then ONE multi-row INSERT and ONE audit
 * statement;
 * a batch that fails anywhere is rolled back to its savepoint and written again row by row through `ops.create` /
 * `ops.update`, each in its own savepoint, so each failing row is named and, when the valid rows are kept, only the
 * failing ones are left out.
 */
export interface Counts { inserted: number; updated: number; unchanged: number; failed: number; errors: RowError[] }
export const MAX_ERRORS = 1000;

export class Writer {
  private refs: RefResolver;
  private keys = new Map<string, number>();
  private readonly key: string | null;
  private readonly fast: boolean;
  constructor(private ctx: Ctx, private def: AnyEntity, private tx: Tx, readonly counts: Counts) {
    this.refs = new RefResolver(tx, ctx.companyId);
    this.key = naturalKeyOf(def);
    const h = hooksOf(def);
    this.fast = !h.create && !h.afterCreate && !Object.values(def.fields).some((f) => f.kind === 'refs');
  }

  private fail(errors: RowError[]): void {
    this.counts.failed++;
    for (const e of errors) if (this.counts.errors.length < MAX_ERRORS) this.counts.errors.push(e);
  }

  private label(k: string): string {
    const fl = this.def.fields[k];
    if (fl) return tr(fl.label, this.ctx.locale);
    const line = this.def.import?.lines?.columns[k];
    return line ? tr(line.label, this.ctx.locale) : k;
  }

  /** RefText -> ids (or the row's errors), in fields and in lines. */
  private async resolve(rows: Parsed[]): Promise<void> {
    const wanted = new Map<string, Set<string>>();
    const visit = (v: unknown) => {
      if (v instanceof RefText) (wanted.get(v.target) ?? wanted.set(v.target, new Set()).get(v.target)!).add(v.text);
      else if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v === 'object') Object.values(v).forEach(visit);
    };
    rows.forEach((r) => visit(r.body));
    if (!wanted.size) return;
    await this.refs.load(wanted);
    for (const r of rows) {
      const fix = (obj: Record<string, unknown>) => {
        for (const [k, v] of Object.entries(obj)) {
          if (v instanceof RefText) {
            const id = this.refs.get(v.target, v.text);
            if (typeof id === 'number') obj[k] = id;
            else {
              const field = this.label(k);
              r.errors.push(problem(this.ctx, r.n, field, id === 'missing' ? im.refMissing : im.refAmbiguous, { field, value: v.text }));
              delete obj[k];
            }
          } else if (Array.isArray(v)) v.forEach((x) => x && typeof x === 'object' && fix(x as Record<string, unknown>));
        }
      };
      fix(r.body);
    }
  }

  /** The records of this batch that already exist, by natural key value. */
  private async existing(rows: Parsed[]): Promise<Map<string, Record<string, unknown>>> {
    const out = new Map<string, Record<string, unknown>>();
    if (!this.key) return out;
    const vals = [...new Set(rows.map((r) => r.body[this.key!]).filter((v) => v !== null && v !== undefined).map(String))];
    if (!vals.length) return out;
    const t = tableOf(this.def);
    const arr = `{${vals.map((x) => `"${x.replace(/["\\]/g, (c) => '\\' + c)}"`).join(',')}}`;
    const r = await this.tx.execute(sql`SELECT * FROM ${t} WHERE ${t.companyId} = ${this.ctx.companyId}::int AND ${t[this.key] as Column}::text = ANY(${arr}::text[])`);
    for (const raw of r.rows as Record<string, unknown>[]) {
      const row = rowFromSql(t, raw);
      out.set(String(row[this.key]), row);
    }
    return out;
  }

  async batch(rows: Parsed[]): Promise<void> {
    await this.resolve(rows);
    const found = await this.existing(rows);
    const inserts: { n: number; data: Record<string, unknown> }[] = [];
    const updates: { n: number; id: number; changes: Record<string, unknown> }[] = [];
    for (const r of rows) {
      const kv = this.key ? r.body[this.key] : null;
      if (this.key && kv !== null && kv !== undefined) {
        const first = this.keys.get(String(kv));
        if (first !== undefined) r.errors.push(problem(this.ctx, r.n, this.label(this.key), im.duplicateKey, { field: this.label(this.key), value: String(kv), row: first }));
        else this.keys.set(String(kv), r.n);
      }
      if (r.errors.length) {
        // the other cells are still checked, so the row lists all its problems at once
        const p = entitySchema(this.def, this.ctx.locale, 'update').safeParse(r.body);
        const named = new Set(r.errors.map((e) => e.column));
        this.fail([...r.errors, ...(p.success ? [] : this.fieldProblems(r.n, fieldErrors(p.error)).filter((e) => !named.has(e.column)))]);
        continue;
      }
      const before = kv === null || kv === undefined ? undefined : found.get(String(kv));
      if (before) {
        const changes: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(r.body)) {
          if (this.def.fields[k]?.kind === 'boolean' && v === null) continue;
          if (!sameValue(this.def.fields[k], v, before[k])) changes[k] = v;
        }
        if (!Object.keys(changes).length) { this.counts.unchanged++; continue; }
        const p = entitySchema(this.def, this.ctx.locale, 'update').safeParse(changes);
        if (!p.success) { this.fail(this.fieldProblems(r.n, fieldErrors(p.error))); continue; }
        updates.push({ n: r.n, id: before.id as number, changes });
      } else {
        const body = Object.fromEntries(Object.entries(r.body).filter(([, v]) => v !== null));
        const p = entitySchema(this.def, this.ctx.locale, 'create').safeParse(body);
        if (!p.success) { this.fail(this.fieldProblems(r.n, fieldErrors(p.error))); continue; }
        inserts.push({ n: r.n, data: body });
      }
    }
    if (inserts.length) {
      if (!this.fast || !(await this.insertSetBased(inserts.map((x) => x.data))))
        for (const x of inserts) await this.oneRow(x.n, () => ops.create(this.ctx, this.def, x.data), 'inserted');
      else this.counts.inserted += inserts.length;
    }
    for (const x of updates) await this.oneRow(x.n, () => ops.update(this.ctx, this.def, x.id, x.changes), 'updated');
  }

  private fieldProblems(n: number, fields: Record<string, string>): RowError[] {
    return Object.entries(fields).map(([k, message]) => ({ row: n, column: k === '_' ? null : this.label(k), message }));
  }

  /** One row in its own savepoint; an AppError (or a value PostgreSQL refuses) is the row's error. */
  private async oneRow(n: number, op: () => Promise<unknown>, counter: 'inserted' | 'updated'): Promise<void> {
    const mark = await auditMark(this.tx);
    await this.tx.execute(sql`SAVEPOINT import_row`);
    try {
      await op();
      await this.tx.execute(sql`RELEASE SAVEPOINT import_row`);
      this.counts[counter]++;
    } catch (e) {
      await this.tx.execute(sql`ROLLBACK TO SAVEPOINT import_row`);
      auditRollback(this.tx, mark);
      if (e instanceof AppError) {
        const fields = e.fieldsIn(this.ctx.locale);
        this.fail(fields && Object.keys(fields).length ? this.fieldProblems(n, fields) : [{ row: n, column: null, message: e.messageIn(this.ctx.locale) }]);
      } else if (isDataError(e)) this.fail([{ row: n, column: null, message: tr(im.badValue, this.ctx.locale) }]);
      else throw e;
    }
  }

  /**
   * The batch's inserts as one statement (after the beforeCreateMany hooks, set-based where the entity offers it) and one audit statement, in a
   * savepoint; false (rolled back) when anything refuses, for the caller to write the rows one by one.
   */
  private async insertSetBased(rows: Record<string, unknown>[]): Promise<boolean> {
    const ctx = this.ctx;
    const def = this.def;
    const hooks = hooksOf(def);
    const table = tableOf(def);
    const cols = getTableColumns(table) as Record<string, Column>;
    const mark = await auditMark(this.tx);
    await this.tx.execute(sql`SAVEPOINT import_batch`);
    try {
      const schema = entitySchema(def, ctx.locale, 'create');
      const datas = rows.map((body) => schema.parse(body) as Record<string, unknown>);
      await hooks.beforeCreateMany?.(ctx, this.tx, datas);
      await checkFilteredReferencesOf(this.tx, ctx, def, datas);
      const values: Record<string, unknown>[] = [];
      for (const data of datas) {
        const v: Record<string, unknown> = { createdBy: ctx.user.id, updatedBy: ctx.user.id, companyId: ctx.companyId };
        for (const [k, x] of Object.entries(data)) if (cols[k] && def.fields[k] && !def.fields[k]!.virtual && x !== undefined) v[k] = x;
        values.push(v);
      }
      const inserted = await this.tx.insert(table).values(values as never).returning();
      forgetInTx(this.tx, def.name);
      await recordAudits(this.tx, ctx, def, (inserted as Record<string, unknown>[]).map((r) => ({ recordId: r.id as number, action: 'create', before: null, after: present(ctx, def, { ...r }) })));
      await this.tx.execute(sql`RELEASE SAVEPOINT import_batch`);
      return true;
    } catch {
      await this.tx.execute(sql`ROLLBACK TO SAVEPOINT import_batch`);
      auditRollback(this.tx, mark);
      return false;
    }
  }
}
