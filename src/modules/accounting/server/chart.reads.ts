import { type Column, type SQL, getTableColumns, sql } from 'drizzle-orm';
import type { Orm } from '../../../core/db/connect';
import { tableOf } from '../../../core/db/entity-table';
import { execPrepared, intsLiteral } from '../../../core/db/prepared';
import type { Tx } from '../../../core/db/tx';
import { memoInTx } from '../../../core/db/tx-memo';
import { accountingSettings } from '../model/accounting-settings.entity';

/**
 * What other modules read of the chart, the settings and the ledger, through accounting's index.ts: they never
 * name accounting's tables themselves (src/modules/module-boundaries.test.ts). A hot path that reads accounting's
 * settings inside its own single statement takes the SQL fragment (settingsJsonSql) instead of a round trip.
 */
export type SettingKey = keyof typeof accountingSettings.fields;

const fragments = new Map<string, SQL>();
/**
 * SQL (a scalar subquery): the company's accounting settings row as a json object of `keys` (dates as
 * 'YYYY-MM-DD', ids as numbers, numerics as numbers), NULL when the company has none. Its text depends only on
 * `keys`, so a statement embedding it can stay a named prepared statement; `companyId` is the caller's SQL (a
 * typed parameter).
 */
export function settingsJsonSql(companyId: SQL, keys: readonly SettingKey[]): SQL {
  const id = keys.join(',');
  let build = fragments.get(id);
  if (!build) {
    const cols = getTableColumns(tableOf(accountingSettings)) as Record<string, Column>;
    build = sql.raw(`json_build_object(${keys.map((k) => `'${k}', ${cols[k]!.name}`).join(', ')})`);
    fragments.set(id, build);
  }
  return sql`(SELECT ${build} FROM accounting_settings WHERE company_id = ${companyId} LIMIT 1)`;
}

/**
 * Of `ids`, the company's accounts (others are absent): whether each can take postings (an active leaf account), and
 * its type (asset, liability, equity, income, expense: model/enums.ts ACCOUNT_TYPES).
 */
export async function accountStates(q: Tx | Orm, companyId: number, ids: number[]): Promise<Map<number, { postable: boolean; type: string }>> {
  const wanted = [...new Set(ids.filter((i) => Number.isInteger(i) && i > 0 && i <= 2147483647))];
  if (!wanted.length) return new Map();
  const r = await q.execute(sql`SELECT id, (is_leaf AND status = 'active') AS postable, type FROM accounts
    WHERE company_id = ${companyId} AND id = ANY(${intsLiteral(wanted)}::int[])`);
  return new Map((r.rows as { id: number; postable: boolean; type: string }[]).map((x) => [x.id, { postable: x.postable, type: x.type }]));
}

/** Ids of the company's accounts and journals by code (null when there is none), in one statement. */
export async function chartIds(q: Tx | Orm, companyId: number, codes: { accounts?: string[]; journals?: string[] }): Promise<{ accounts: Record<string, number | null>; journals: Record<string, number | null> }> {
  const a = codes.accounts ?? [];
  const j = codes.journals ?? [];
  // read once per transaction, and kept between requests at the company's configuration version (core/db/tx-memo.ts)
  const r = await memoInTx(q, ['account', 'journal'], `chartIds:${companyId}:${a.join(',')}:${j.join(',')}`, async () => (await execPrepared(q, sql`
    SELECT 'a' AS k, code, id FROM accounts WHERE company_id = ${companyId} AND code IN (SELECT jsonb_array_elements_text(${JSON.stringify(a)}::jsonb))
    UNION ALL SELECT 'j', code, id FROM journals WHERE company_id = ${companyId} AND code IN (SELECT jsonb_array_elements_text(${JSON.stringify(j)}::jsonb))`)).rows, companyId);
  const rows = r as { k: string; code: string; id: number }[];
  const pick = (k: string, list: string[]) => Object.fromEntries(list.map((c) => [c, rows.find((x) => x.k === k && x.code === c)?.id ?? null]));
  return { accounts: pick('a', a), journals: pick('j', j) };
}

/** Balance (debit - credit, 4 dp) of each of `ids` over all posted lines, '0.0000' for an account without lines. */
export async function ledgerBalancesOf(q: Tx | Orm, companyId: number, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const r = await q.execute(sql`SELECT a.id, coalesce(sum(l.debit - l.credit), 0)::numeric(20, 4)::text AS b
    FROM unnest(${intsLiteral(wanted)}::int[]) AS a(id) LEFT JOIN journal_lines l ON l.company_id = ${companyId} AND l.account_id = a.id
    GROUP BY a.id`);
  return new Map((r.rows as { id: number; b: string }[]).map((x) => [x.id, x.b]));
}

/**
 * What each of `contactIds` owes (debit - credit of its posted lines on receivable accounts, 4 dp; '0.0000' without
 * any), in ONE grouped statement whatever the number of contacts: a list's page asks for its rows at once. The same
 * lines as a customer statement (receivableLinesSql), so a balance is the statement's closing figure.
 */
export async function receivableBalancesOf(q: Tx | Orm, companyId: number, contactIds: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(contactIds.filter((i) => Number.isInteger(i) && i > 0 && i <= 2147483647))];
  if (!wanted.length) return new Map();
  const r = await q.execute(sql`SELECT c.id, coalesce(sum(l.debit - l.credit), 0)::numeric(20, 4)::text AS b
    FROM unnest(${intsLiteral(wanted)}::int[]) AS c(id)
    LEFT JOIN journal_lines l ON l.company_id = ${companyId} AND l.contact_id = c.id
      AND l.account_id IN (SELECT id FROM accounts WHERE company_id = ${companyId} AND subtype = 'receivable')
    GROUP BY c.id`);
  return new Map((r.rows as { id: number; b: string }[]).map((x) => [Number(x.id), x.b]));
}

/** Ids of the company's taxes by (English) name, null when there is none. */
export async function taxIds(q: Tx | Orm, companyId: number, names: string[]): Promise<Record<string, number | null>> {
  const r = await q.execute(sql`SELECT name, id FROM taxes WHERE company_id = ${companyId} AND name IN (SELECT jsonb_array_elements_text(${JSON.stringify(names)}::jsonb))`);
  const rows = r.rows as { name: string; id: number }[];
  return Object.fromEntries(names.map((n) => [n, rows.find((x) => x.name === n)?.id ?? null]));
}
