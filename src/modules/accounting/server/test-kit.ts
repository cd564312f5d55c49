import { sql } from 'drizzle-orm';
import type { Client, TestApp } from '../../../../tests/support/test-app';

/** Helpers for the accounting tests: the default chart by code, journals by code, entries through the API. */
export interface Kit {
  acc: (code: string) => number;
  jr: (code: string) => number;
  contact: () => Promise<number>;
  draft: (lines: unknown[], o?: { journal?: string; date?: string; reference?: string }) => Promise<{ statusCode: number; body: Record<string, any> }>;
  post: (lines: unknown[], o?: { journal?: string; date?: string }) => Promise<Record<string, any>>;
  q: <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => Promise<T[]>;
  /** An account's balance (debit - credit over all its lines) by code, as a number. */
  balance: (code: string) => Promise<number>;
}

export async function kit(t: TestApp, c: Client = t.admin): Promise<Kit> {
  const accs = (await c.get('/api/accounting/accounts?pageSize=200')).json().items as { id: number; code: string }[];
  const js = (await c.get('/api/accounting/journals?pageSize=200')).json().items as { id: number; code: string }[];
  const acc = (code: string) => accs.find((a) => a.code === code)!.id;
  const jr = (code: string) => js.find((j) => j.code === code)!.id;
  const draft = async (lines: unknown[], o: { journal?: string; date?: string; reference?: string } = {}) => {
    const r = await c.post('/api/accounting/journal-entries', { journalId: jr(o.journal ?? 'GEN'), date: o.date ?? '2026-03-10', reference: o.reference ?? 'test', lines });
    return { statusCode: r.statusCode, body: r.json() };
  };
  return {
    acc, jr, draft,
    async contact() {
      return (await c.post('/api/contacts/contacts', { kind: 'company', name: 'Customer ' + Math.random().toString(36).slice(2, 7), isCustomer: true })).json().id;
    },
    async post(lines, o = {}) {
      const d = await draft(lines, o);
      if (d.statusCode !== 201) throw new Error(`draft failed ${d.statusCode} ${JSON.stringify(d.body)}`);
      const p = await c.post(`/api/accounting/journal-entries/${d.body.id}/post`, {});
      if (p.statusCode !== 200) throw new Error(`post failed ${p.statusCode} ${p.body}`);
      return p.json();
    },
    q: async <T,>(query: ReturnType<typeof sql>) => (await t.db.orm.execute(query)).rows as T[],
    async balance(code) {
      const r = await t.db.orm.execute(sql`SELECT coalesce(sum(debit - credit), 0)::text AS b FROM journal_lines WHERE account_id = ${acc(code)}`);
      return Number((r.rows[0] as { b: string }).b);
    },
  };
}

export const dr = (accountId: number, amount: string | number, extra: Record<string, unknown> = {}) => ({ accountId, debit: String(amount), ...extra });
export const cr = (accountId: number, amount: string | number, extra: Record<string, unknown> = {}) => ({ accountId, credit: String(amount), ...extra });
