import { type SQL, sql } from 'drizzle-orm';
import type { Column } from 'drizzle-orm';
import { tableOf } from '../db/entity-table';
import type { Tx } from '../db/tx';
import type { AnyEntity } from '../entity/define';
import { entityByName } from '../../modules/registry';
import { naturalKeyOf } from './columns';

/**
 * References named in a file, resolved to ids IN THE CALLER'S COMPANY ONLY: a cell names a record by its title,
 * its Arabic title (nameAr) or its natural key (code, SKU), compared without case or surrounding spaces. A name no
 * record of the company has (another company's record included: it is never looked at) or several records share
 * is the row's error. Looked up once per distinct name and target, a batch of names per statement.
 */
export type Resolved = number | 'missing' | 'ambiguous';

export class RefResolver {
  private cache = new Map<string, Map<string, Resolved>>();
  constructor(private tx: Tx, private companyId: number) {}

  private keyColumns(target: AnyEntity): Column[] {
    const t = tableOf(target);
    const keys = [target.titleField, naturalKeyOf(target), 'nameAr', 'code'].filter((k, i, a): k is string => !!k && a.indexOf(k) === i && !!t[k] && ['text', 'textarea', 'email', 'phone', 'url'].includes(target.fields[k]?.kind ?? ''));
    return keys.map((k) => t[k] as Column);
  }

  /** Looks up the names not yet known, for each target. */
  async load(wanted: Map<string, Set<string>>): Promise<void> {
    for (const [targetName, texts] of wanted) {
      const known = this.cache.get(targetName) ?? new Map<string, Resolved>();
      this.cache.set(targetName, known);
      const todo = [...texts].map((t) => t.trim().toLowerCase()).filter((t) => !known.has(t));
      if (!todo.length) continue;
      const target = entityByName(targetName);
      const t = tableOf(target);
      const cols = this.keyColumns(target);
      const scope: SQL = target.scope === 'tenant' ? sql`${t.id} = ${this.companyId}::int` : sql`${t.companyId} = ${this.companyId}::int`;
      const arr = `{${todo.map((x) => `"${x.replace(/["\\]/g, (c) => '\\' + c)}"`).join(',')}}`;
      const match = sql.join(cols.map((c) => sql`lower(trim(${c}::text)) = ANY(${arr}::text[])`), sql` OR `);
      const select = sql.join(cols.map((c, i) => sql`lower(trim(${c}::text)) AS ${sql.identifier(`k${i}`)}`), sql`, `);
      const r = await this.tx.execute(sql`SELECT ${t.id} AS id, ${select} FROM ${t} WHERE ${scope} AND (${match})`);
      const hits = new Map<string, Set<number>>();
      for (const row of r.rows as Record<string, unknown>[])
        for (let i = 0; i < cols.length; i++) {
          const k = row[`k${i}`] as string | null;
          if (k !== null) (hits.get(k) ?? hits.set(k, new Set()).get(k)!).add(Number(row.id));
        }
      for (const x of todo) {
        const ids = hits.get(x);
        known.set(x, !ids ? 'missing' : ids.size === 1 ? [...ids][0]! : 'ambiguous');
      }
    }
  }

  get(target: string, text: string): Resolved {
    return this.cache.get(target)?.get(text.trim().toLowerCase()) ?? 'missing';
  }
}
