import pg from 'pg';
import { type Database, openPostgres } from '../../src/core/db/connect';
import { isConnectionError } from '../../src/core/db/outage';
import '../../src/core/db/schema'; // builds the entity tables verifyStock reads
import { verifyStock } from '../../src/modules/inventory/server/stock.verify';
import { type FaultPlan, type FaultProxy, startFaultProxy } from './pg-fault-proxy';
import { type ServerProcess, startServerProcess } from './server-process';
import { freshDatabase } from './test-db';

/**
 * The write path under a breaking database connection: the real server (a child process) on a fresh PostgreSQL
 * database cloned from the test template, its DATABASE_URL pointed at the fault proxy (faults off while it starts,
 * migrates and makes the demo company). `run` has K clients each post N journal entries (POST "post": true) or
 * deliveries (POST "validate": true), each with a unique reference and an Idempotency-Key, retrying a network error,
 * a 5xx or a 409 (in flight) up to 3 times with the same key (Retry-After honoured up to 1 s). Then, faults off,
 * what was stored is compared with what the clients were told (see WriteReport) and the invariants are checked.
 * A crash of the server is counted and it is started again (faults off while it starts).
 */
export type WriteKind = 'entries' | 'deliveries';

export interface WriteReport {
  kind: WriteKind; point: string; requests: number;
  /** Final answers 2xx / not. */
  ok: number; failed: number;
  /** Connections the proxy broke during the run. */
  faults: number;
  crashes: number;
  /** Entries (deliveries) stored beyond one per reference. */
  duplicates: number;
  /** Idempotency keys of the run still without an answer once every request ended (null: no status_code column). */
  stuckKeys: number | null;
  /** Stored, but the client's final answer was a failure. */
  committedButFailed: number;
  /** Acknowledged (2xx) but not stored. */
  lost: number;
  /** Holes in the gapless numbers (journal entries per journal and fiscal year; delivery numbers per prefix) the run made. */
  gaps: number;
  /** Problems GET /api/accounting/ledger/verify names, beyond those before the run. */
  ledgerProblems: number;
  /** Problems verifyStock names, beyond those before the run. */
  stockProblems: number;
  /** Distinct failure answers, for reading the table (status or error: count). */
  failures: Record<string, number>;
  /** Every answer of every try: status (with "+retry-after" when it had one) or "network": count. */
  answers: Record<string, number>;
  /** What the server wrote when it crashed, one line per crash. */
  crashLogs: string[];
}

export interface WriteRig {
  proxy: FaultProxy;
  /** A request to the server as the signed-in admin. */
  http(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  server: ServerProcess;
  db: Database & { url?: string };
  /** `until`: each client keeps posting after its `perClient` requests until it holds (at most 50 times as many). */
  run(o: { kind: WriteKind; point: string; plan: FaultPlan; clients: number; perClient: number; until?: () => boolean }): Promise<WriteReport>;
  close(): Promise<void>;
}

interface Outcome { reference: string; key: string; status: number | 'network'; }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `url`: a database to use as it is (another PostgreSQL server's); without it, a fresh clone of the test template. */
export async function startWriteRig(opts: { url?: string } = {}): Promise<WriteRig> {
  const db: Database & { url?: string } = opts.url ? { ...(await openPostgres(opts.url, 2)), url: opts.url } : await freshDatabase();
  const direct = new URL(db.url!);
  const proxy = await startFaultProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  let faultsWanted = false;
  const server = await startServerProcess({
    env: { DATABASE_URL: proxy.urlFor(db.url!), DEMO_DATA: 'on' },
    restartOnCrash: true,
    onRestart: (phase) => { proxy.enabled = phase === 'up' && faultsWanted; },
  });
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  pool.on('error', () => {}); // an idle connection ended by a PostgreSQL restart
  // a connection this test's pools held across a restart the test made may be found dead at its next use (57P01):
  // the checks below ask again, as the ledger's verify does through the server
  const again = async <T>(read: () => Promise<T>): Promise<T> => {
    for (const until = Date.now() + 30_000; ;) {
      try {
        return await read();
      } catch (e) {
        if (!isConnectionError(e) || Date.now() > until) throw e;
        await sleep(250);
      }
    }
  };
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => again(async () => (await pool.query(text, params)).rows as T[]);
  let cookie = '';
  const http = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(server.base + path, {
      method, signal: AbortSignal.timeout(10_000),
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const login = await http('POST', '/api/auth/login', { username: 'admin', password: 'admin123' });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  cookie = (login.headers.getSetCookie().find((c) => c.startsWith('sid=')) ?? '').split(';')[0]!;
  const me = (await (await http('GET', '/api/auth/me')).json()) as { company: { id: number } };
  const companyId = me.company.id;
  const [ids] = await q<{ gen: number; cash: number; sales: number; loc: number }>(`
    SELECT (SELECT id FROM journals WHERE company_id = $1 AND code = 'GEN') AS gen,
      (SELECT id FROM accounts WHERE company_id = $1 AND code = '1101') AS cash,
      (SELECT id FROM accounts WHERE company_id = $1 AND code = '4101') AS sales,
      (SELECT default_location_id FROM inventory_settings WHERE company_id = $1) AS loc`, [companyId]);
  // the demo's stocked products sold by weight or volume (0.1 at a time, so stock lasts)
  const products = (await q<{ id: number }>(`
    SELECT q.product_id AS id FROM stock_quants q JOIN products p ON p.id = q.product_id JOIN uoms u ON u.id = p.uom_id
    WHERE q.company_id = $1 AND q.location_id = $2 AND u.name IN ('Kilogram', 'Litre') AND q.quantity >= 50 ORDER BY q.quantity DESC LIMIT 3`,
  [companyId, ids!.loc])).map((r) => r.id);
  const hasStatusColumn = (await q(`SELECT 1 FROM information_schema.columns WHERE table_name = 'idempotency_keys' AND column_name = 'status_code'`)).length > 0;

  const bodyFor = (kind: WriteKind, reference: string, i: number) => kind === 'entries'
    ? { journalId: ids!.gen, date: '2026-06-15', reference, post: true, lines: [{ accountId: ids!.cash, debit: '10.25' }, { accountId: ids!.sales, credit: '10.25' }] }
    : { destinationType: 'customer', deliveryDate: '2026-06-15', locationId: ids!.loc, orderSequence: reference, validate: true,
        items: [{ productId: products[i % products.length], quantity: '0.1' }] };

  /** One posting: the first try and up to 3 retries with the same key. */
  const post = async (kind: WriteKind, reference: string, key: string, i: number, failures: Record<string, number>, answers: Record<string, number>): Promise<Outcome> => {
    const seen = (a: string) => { answers[a] = (answers[a] ?? 0) + 1; };
    const path = kind === 'entries' ? '/api/accounting/journal-entries' : '/api/inventory/deliveries';
    let status: Outcome['status'] = 'network';
    let why = '';
    for (let attempt = 0; attempt < 4; attempt++) {
      let wait = 100 * (attempt + 1);
      try {
        const res = await http('POST', path, bodyFor(kind, reference, i), { 'idempotency-key': key });
        status = res.status;
        seen(`${status}${res.headers.has('retry-after') ? '+retry-after' : ''}`);
        const text = await res.text();
        if (status < 300) return { reference, key, status };
        why = `${status} ${text.slice(0, 80)}`;
        const after = Number(res.headers.get('retry-after'));
        if (after > 0) wait = Math.min(1000, after * 1000);
        if (status < 500 && status !== 409) break;
      } catch (e) {
        status = 'network';
        seen('network');
        why = `network ${(e as Error).cause ? ((e as Error).cause as Error).message : (e as Error).message}`.slice(0, 80);
      }
      if (attempt < 3) await sleep(wait);
    }
    failures[why] = (failures[why] ?? 0) + 1;
    return { reference, key, status };
  };

  const check = async (kind: WriteKind, prefix: string, outcomes: Outcome[]) => {
    const [table, refCol] = kind === 'entries' ? ['journal_entries', 'reference'] : ['deliveries', 'order_sequence'];
    const stored = new Map((await q<{ ref: string; n: number }>(
      `SELECT ${refCol} AS ref, count(*)::int AS n FROM ${table} WHERE company_id = $1 AND ${refCol} LIKE $2 GROUP BY 1`, [companyId, prefix + '%'])).map((r) => [r.ref, r.n]));
    const okStatus = (o: Outcome) => typeof o.status === 'number' && o.status < 300;
    // a key whose answer could not be stored at once (its connection broke) gets it from the server's background
    // retries (1, 2, 4, 8 s: idempotency.ts storeLater); stuck means still without one after those
    const countStuck = async () => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM idempotency_keys WHERE company_id = $1 AND key = ANY($2) AND status_code IS NULL`,
      [companyId, outcomes.map((o) => o.key)]))[0]!.n;
    let stuck = hasStatusColumn ? await countStuck() : null;
    for (const until = Date.now() + 20_000; stuck && Date.now() < until;) {
      await sleep(500);
      stuck = await countStuck();
    }
    return {
      duplicates: [...stored.values()].reduce((s, n) => s + n - 1, 0),
      committedButFailed: outcomes.filter((o) => !okStatus(o) && stored.has(o.reference)).length,
      lost: outcomes.filter((o) => okStatus(o) && !stored.has(o.reference)).length,
      stuckKeys: stuck,
    };
  };

  /** Whole-company invariants, counted before and after each run so a run reports only what it broke. */
  const invariants = async () => {
    const [gapEntries] = await q<{ n: number }>(`SELECT coalesce(sum(mx - n), 0)::int AS n FROM (
      SELECT max(sequence_no) AS mx, count(*) AS n FROM journal_entries WHERE company_id = $1 AND sequence_no IS NOT NULL GROUP BY journal_id, fiscal_year) g`, [companyId]);
    const [gapDeliveries] = await q<{ n: number }>(`SELECT coalesce(sum(mx - n), 0)::int AS n FROM (
      SELECT max(substring(number FROM '(\\d+)$')::int) AS mx, count(*) AS n FROM deliveries WHERE company_id = $1 AND number IS NOT NULL
      GROUP BY substring(number FROM '^(.*\\D)\\d+$')) g`, [companyId]);
    // 503 + Retry-After: the database is coming back (a restart the test made); asked again as a client would
    let verify = await http('GET', '/api/accounting/ledger/verify');
    for (const until = Date.now() + 60_000; verify.status === 503 && Date.now() < until;) {
      await sleep(500);
      verify = await http('GET', '/api/accounting/ledger/verify');
    }
    if (!verify.ok) throw new Error(`ledger verify answered ${verify.status}`);
    return {
      gaps: gapEntries!.n + gapDeliveries!.n,
      ledgerProblems: ((await verify.json()) as { problems: unknown[] }).problems.length,
      stockProblems: (await again(() => verifyStock(db.orm, companyId))).length,
    };
  };

  let runNo = 0;
  return {
    proxy, server, db, http,
    async run({ kind, point, plan, clients, perClient, until }) {
      const prefix = `WP${++runNo}-${point}-`;
      await server.ready();
      const before = await invariants();
      const crashesBefore = server.crashes;
      const logsBefore = server.crashLogs.length;
      const faultsBefore = Object.values(proxy.counts).reduce((a, b) => a + b, 0);
      proxy.setPlan(plan);
      faultsWanted = true;
      proxy.enabled = server.up();
      const failures: Record<string, number> = {};
      const answers: Record<string, number> = {};
      const outcomes = (await Promise.all(Array.from({ length: clients }, async (_, c) => {
        const mine: Outcome[] = [];
        const most = until ? perClient * 50 : perClient;
        for (let i = 0; i < most && (i < perClient || (until && !until())); i++) {
          mine.push(await post(kind, `${prefix}${c}-${i}`, `${prefix}${c}-${i}-${Math.random().toString(36).slice(2, 10)}`, c * most + i, failures, answers));
        }
        return mine;
      }))).flat();
      faultsWanted = false;
      proxy.enabled = false;
      await server.ready();
      const okN = outcomes.filter((o) => typeof o.status === 'number' && o.status < 300).length;
      return {
        kind, point, requests: outcomes.length, ok: okN, failed: outcomes.length - okN,
        faults: Object.values(proxy.counts).reduce((a, b) => a + b, 0) - faultsBefore,
        crashes: server.crashes - crashesBefore,
        ...(await check(kind, prefix, outcomes)),
        ...Object.fromEntries(Object.entries(await invariants()).map(([k, n]) => [k, Math.max(0, n - before[k as keyof typeof before])])) as typeof before,
        failures, answers,
        crashLogs: server.crashLogs.slice(logsBefore),
      };
    },
    async close() {
      await server.stop();
      await proxy.stop();
      await pool.end();
      await db.close();
    },
  };
}

/** The reports as a fixed-width table, one row per run, for CI output. */
export function reportTable(rows: WriteReport[]): string {
  const cols: (keyof WriteReport)[] = ['kind', 'point', 'requests', 'ok', 'failed', 'faults', 'crashes', 'duplicates', 'stuckKeys', 'committedButFailed', 'lost', 'gaps', 'ledgerProblems', 'stockProblems'];
  const cell = (r: WriteReport, c: keyof WriteReport) => String(r[c] ?? 'n/a');
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r, c).length)));
  const line = (vals: string[]) => vals.map((v, i) => v.padEnd(width[i]!)).join(' | ');
  const out = [line(cols as string[]), width.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map((r) => line(cols.map((c) => cell(r, c))))];
  for (const r of rows) {
    for (const [why, n] of Object.entries(r.failures)) out.push(`  ${r.kind}/${r.point} failed ${n}x: ${why}`);
    const crashes = new Map<string, number>();
    for (const l of r.crashLogs) crashes.set(l.slice(0, 300), (crashes.get(l.slice(0, 300)) ?? 0) + 1);
    for (const [l, n] of crashes) out.push(`  ${r.kind}/${r.point} crashed ${n}x: ${l}`);
  }
  return out.join('\n');
}

