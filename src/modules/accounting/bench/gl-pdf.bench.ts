/**
 * General ledger PDF of N journal lines (default 10,000) on PostgreSQL, through the real HTTP route the web uses
 * (GET /api/accounting/reports/general-ledger?format=pdf on a server process started as `npm start` starts it).
 * Goal (issue 3): under 10 s and 300 MB, the 300 MB held to the server process's peak RSS (docs/decisions/pdf-memory.md).
 * Run: npx tsx src/modules/accounting/bench/gl-pdf.bench.ts [lines]   (BENCH_ONLY=glpdf npm run bench)
 *
 * - Lines are bulk-inserted by SQL as posted entries (outside the hash chain), each with a unique label
 *   `GL-000001`...; balances are rebuilt so the report's openings are right.
 * - Memory, per download (see `measure`): the server process's exact peak RSS (kernel high-water mark), Chromium's
 *   peak Pss summed over its processes, and their sum. Each language is printed on a fresh server (its first PDF
 *   starts Chromium), then again on the same server.
 * - CPU: user + system seconds of the server and all Chromium processes (exited renderers count in their parent's
 *   cutime), and of the server process alone (building the HTML, driving Chromium, joining the parts).
 * - Check: pdftotext (poppler-utils) must find every one of the N labels, the first and last entry numbers.
 * - Baselines in the same run: the same rows read by raw SQL, and the same report downloaded as Excel.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { BENCH_PG_ADMIN } from '../../../../bench/bench-db';

const N = Number(process.argv[2] ?? process.env.BENCH_GL_LINES ?? 10_000);
const root = new URL('../../../../', import.meta.url).pathname;
const DB = 'daftar_glpdf_bench';
const PASSWORD = 'bench-pass-123';
const FROM = '2026-01-01';
const TO = '2026-12-31';

const { buildServer, SERVER_BUNDLE, SERVER_ENV } = (await import(join(root, 'scripts/build-server.mjs'))) as
  { buildServer: () => Promise<boolean>; SERVER_BUNDLE: string; SERVER_ENV: Record<string, string> };

function dbUrl(): string {
  const u = new URL(BENCH_PG_ADMIN);
  u.pathname = '/' + DB;
  return u.toString();
}

async function freshDb(): Promise<void> {
  const admin = new pg.Client({ connectionString: BENCH_PG_ADMIN });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB}`);
  await admin.end();
}

async function startServer(port: number) {
  const env = { ...process.env, ...SERVER_ENV, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl(), ADMIN_PASSWORD: PASSWORD, DEMO_DATA: 'off', LOG: 'off' };
  const child = spawn(process.execPath, [SERVER_BUNDLE], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 1200; i++) {
    try { if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** N lines in entries of 5 (4 debits, 1 credit) over 2026 on six leaf accounts, one unique label per line. */
async function seed(c: pg.Client): Promise<void> {
  const acc = (await c.query(`SELECT id FROM accounts WHERE company_id = 1 AND is_leaf AND code = ANY($1) ORDER BY code`,
    [['1101', '1102', '1103', '4101', '5101', '5103']])).rows.map((r) => Number(r.id));
  const journal = Number((await c.query(`SELECT id FROM journals WHERE company_id = 1 AND code = 'GEN'`)).rows[0].id);
  const entries = Math.ceil(N / 5);
  await c.query('BEGIN');
  await c.query('SET LOCAL session_replication_role = replica'); // bulk load: skip per-row triggers, balances rebuilt below
  await c.query(`
    WITH e AS (
      INSERT INTO journal_entries (company_id, journal_id, date, reference, lines, total_debit, total_credit, number, sequence_no, fiscal_year, status, created_by, updated_by)
      SELECT 1, $1, DATE '${FROM}' + (g * 364 / $2), 'REF-' || g, '[]'::jsonb, 500, 500, 'GEN/' || lpad(g::text, 6, '0'), g, 2026, 'posted', 1, 1
      FROM generate_series(1, $2::int) g RETURNING id, date, sequence_no)
    INSERT INTO journal_lines (company_id, entry_id, journal_id, line_no, date, account_id, label, debit, credit)
    SELECT 1, e.id, $1, n, e.date, ($3::int[])[1 + ((e.sequence_no * 7 + n * 13) % 6)],
      'GL-' || lpad(((e.sequence_no - 1) * 5 + n)::text, 6, '0') || ' سطر قيد', CASE WHEN n < 5 THEN 125.25 ELSE 0 END, CASE WHEN n = 5 THEN 501 ELSE 0 END
    FROM e, generate_series(1, 5) n WHERE (e.sequence_no - 1) * 5 + n <= $4`, [journal, entries, acc, N]);
  // The last entry may hold fewer than 5 lines: keep it balanced.
  await c.query(`UPDATE journal_lines l SET credit = t.d, debit = 0 FROM (
      SELECT entry_id, sum(debit) AS d, max(line_no) AS last FROM journal_lines WHERE company_id = 1 GROUP BY entry_id HAVING sum(debit) <> sum(credit)) t
    WHERE l.entry_id = t.entry_id AND l.line_no = t.last AND t.last > 1`);
  await c.query('COMMIT');
  await c.query('ANALYZE');
}

/** The server's descendants (Chromium's browser, renderer, GPU, network and zygote processes), from /proc. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      (children.get(ppid) ?? children.set(ppid, []).get(ppid)!).push(Number(d));
    } catch { /* gone */ }
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]!) ?? []));
  return out.slice(1);
}
function kb(text: string, key: string): number { return Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0); }
const read = (pid: number, file: string) => { try { return readFileSync(`/proc/${pid}/${file}`, 'utf8'); } catch { return ''; } };
/** utime + stime (+ cutime + cstime with `reaped`: exited renderers count in the browser's), in seconds. */
function cpuOf(pid: number, reaped: boolean): number {
  const st = read(pid, 'stat');
  if (!st) return 0;
  const t = st.slice(st.lastIndexOf(')') + 2).split(' ').slice(11, 15).map(Number);
  return (t[0]! + t[1]! + (reaped ? t[2]! + t[3]! : 0)) / 100;
}

interface Measured { ms: number; body: Buffer; cpu: number; serverCpu: number; serverPeak: number; chromiumPss: number; procs: number; load: number }

/**
 * Downloads `url` and measures it:
 * - the server process's peak RSS, exactly: the kernel's high-water mark (VmHWM), reset to the current RSS just
 *   before the request (`echo 5 > /proc/<pid>/clear_refs`), so no sampling can miss the peak;
 * - Chromium's peak Pss summed over its processes: Pss (shared pages divided among the processes sharing them) is
 *   read from smaps_rollup, which walks page tables: ~3-17 ms per Chromium process, ~55 ms for all of them, so
 *   reading it every 50 ms kept one of the two cores busy and slowed what it measured. Every 50 ms the cheap
 *   VmRSS of each process is read instead, and Pss only when their sum reaches a new high (by 1 MB);
 * - CPU seconds of the server and Chromium, and of the server alone.
 */
async function measure(pid: number, url: string, cookie: string): Promise<Measured> {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  let kids = descendants(pid);
  const cpu0 = cpuOf(pid, true) + kids.reduce((a, p) => a + cpuOf(p, true), 0);
  const serverCpu0 = cpuOf(pid, false);
  let tick = 0, topRss = 0, chromiumPss = 0, procs = kids.length;
  const timer = setInterval(() => {
    if (++tick % 5 === 0) kids = descendants(pid);
    const rss = kids.reduce((a, p) => a + kb(read(p, 'status'), 'VmRSS'), 0);
    if (rss <= topRss + 1024) return;
    topRss = rss;
    chromiumPss = Math.max(chromiumPss, kids.reduce((a, p) => a + kb(read(p, 'smaps_rollup'), 'Pss'), 0) / 1024);
    procs = Math.max(procs, kids.length);
  }, 50);
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  clearInterval(timer);
  kids = descendants(pid);
  const cpu = cpuOf(pid, true) + kids.reduce((a, p) => a + cpuOf(p, true), 0) - cpu0;
  const serverPeak = kb(read(pid, 'status'), 'VmHWM') / 1024;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.toString().slice(0, 300)}`);
  return { ms, body, cpu, serverCpu: cpuOf(pid, false) - serverCpu0, serverPeak, chromiumPss, procs, load: loadavg()[0]! };
}

const mb = (x: number) => `${x.toFixed(0)} MB`;
const load = () => `load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`;

async function main() {
  await buildServer();
  await freshDb();
  const port = 3800 + Math.floor(Math.random() * 90);
  let server = await startServer(port); // migrates, makes company 1 with its chart of accounts
  const c = new pg.Client({ connectionString: dbUrl() });
  await c.connect();
  const s0 = performance.now();
  await seed(c);
  const seedMs = performance.now() - s0;
  // Rebuild the balances through the server's own route (the report's openings come from them).
  const base = `http://127.0.0.1:${port}`;
  const login = async (locale: 'en' | 'ar') => {
    const r = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `locale=${locale}` }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) });
    if (r.status !== 200) throw new Error(`login: ${r.status}`);
    return `${/sid=[^;]+/.exec(r.headers.get('set-cookie') ?? '')![0]}; locale=${locale}`;
  };
  let cookie = await login('en');
  const rb = await fetch(`${base}/api/accounting/ledger/rebuild-balances`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
  if (rb.status !== 200) throw new Error(`rebuild-balances: ${rb.status}`);
  console.log(`seeded ${N} journal lines in ${(seedMs / 1000).toFixed(1)} s; ${load()}`);

  // Each measured download runs on a freshly started server (that just answered a login), so no earlier request's
  // heap is counted in its peak.
  const restart = async () => {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    server = await startServer(port);
    cookie = await login('en');
  };
  await restart();
  const idleRss = kb(read(server.pid!, 'status'), 'VmRSS') / 1024;

  const q = `from=${FROM}&to=${TO}`;
  const t0 = performance.now();
  const raw = await c.query(`SELECT l.date, a.code, e.number, l.label, l.debit, l.credit,
      sum(l.debit - l.credit) OVER (PARTITION BY l.account_id ORDER BY l.date, l.entry_id, l.line_no) AS running
    FROM journal_lines l JOIN accounts a ON a.id = l.account_id JOIN journal_entries e ON e.id = l.entry_id
    WHERE l.company_id = 1 AND l.date BETWEEN $1 AND $2 ORDER BY a.code, l.date, l.entry_id, l.line_no`, [FROM, TO]);
  const rawMs = performance.now() - t0;
  const rawLoad = loadavg()[0]!;
  const url = `${base}/api/accounting/reports/general-ledger?${q}`;
  const xlsx = await measure(server.pid!, `${url}&format=xlsx`, cookie);
  // Per language: a fresh server (its first PDF starts Chromium), then the same PDF again on it.
  const runs: { name: string; m: Measured }[] = [];
  let chromiumIdle = 0;
  for (const locale of ['en', 'ar'] as const) {
    await restart();
    const ck = cookie.replace('locale=en', `locale=${locale}`);
    runs.push({ name: `PDF ${locale === 'en' ? 'English' : 'Arabic'}, fresh server`, m: await measure(server.pid!, `${url}&format=pdf`, ck) });
    runs.push({ name: `PDF ${locale === 'en' ? 'English' : 'Arabic'} again`, m: await measure(server.pid!, `${url}&format=pdf`, ck) });
    chromiumIdle = descendants(server.pid!).reduce((a, p) => a + kb(read(p, 'smaps_rollup'), 'Pss'), 0) / 1024;
  }
  const [pdf, , ar] = runs.map((r) => r.m) as [Measured, Measured, Measured, Measured];

  // Every line must be in the PDF: each label once, the first and last entry numbers.
  const dir = mkdtempSync(join(tmpdir(), 'glpdf-'));
  const check = (buf: Buffer, name: string) => {
    writeFileSync(join(dir, `${name}.pdf`), buf);
    const text = execFileSync('pdftotext', ['-layout', join(dir, `${name}.pdf`), '-'], { maxBuffer: 256 << 20 }).toString();
    const labels = new Set(text.match(/GL-\d{6}/g) ?? []);
    let missing = 0;
    for (let i = 1; i <= N; i++) if (!labels.has(`GL-${String(i).padStart(6, '0')}`)) missing++;
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [join(dir, `${name}.pdf`)]).toString())?.[1] ?? 0);
    const entries = Math.ceil(N / 5);
    const ends = text.includes('GEN/000001') && text.includes(`GEN/${String(entries).padStart(6, '0')}`);
    return { found: labels.size, missing, pages, ends };
  };
  const canCheck = existsSync('/usr/bin/pdftotext');
  const en = canCheck ? check(pdf.body, 'gl-en') : null;
  const arc = canCheck ? check(ar.body, 'gl-ar') : null;
  const keep = process.env.BENCH_GLPDF_DIR;
  if (keep) { writeFileSync(join(keep, 'gl-en.pdf'), pdf.body); writeFileSync(join(keep, 'gl-ar.pdf'), ar.body); }
  rmSync(dir, { recursive: true, force: true });

  const col = (x: string, w: number) => x.padStart(w);
  const line = (name: string, m: Measured) => `  ${name.padEnd(30)}${col(`${(m.ms / 1000).toFixed(2)} s`, 9)}${col(`${m.cpu.toFixed(1)} / ${m.serverCpu.toFixed(1)} s`, 16)}`
    + `${col(mb(m.serverPeak), 9)}${col(m.procs ? mb(m.chromiumPss) : '-', 11)}${col(mb(m.serverPeak + m.chromiumPss), 9)}${col(m.load.toFixed(2), 7)}   ${(m.body.length / 1024).toFixed(0)} KB`;
  console.log(`general ledger of ${N} lines (${FROM}..${TO}) over HTTP, server from the bundle on PostgreSQL; ${load()}`);
  console.log(`  time: the download, wall clock; CPU: user + system of the server and Chromium / of the server process alone`);
  console.log(`  server: the server process's peak RSS during the request (kernel high-water mark, reset before it; idle ${mb(idleRss)})`);
  console.log(`  Chromium: peak of the Pss summed over every Chromium process (${runs[0]!.m.procs} processes; idle between reports ${mb(chromiumIdle)})`);
  console.log(`  total: server + Chromium (the two peaks added: an upper bound); load: 1-minute load average after the request`);
  console.log(`  ${''.padEnd(30)}${col('time', 9)}${col('CPU', 16)}${col('server', 9)}${col('Chromium', 11)}${col('total', 9)}${col('load', 7)}`);
  console.log(`  ${`baseline: raw SQL, ${raw.rowCount} rows`.padEnd(30)}${col(`${(rawMs / 1000).toFixed(2)} s`, 9)}${''.padEnd(43)}${col(rawLoad.toFixed(2), 7)}`);
  console.log(line('baseline: Excel', xlsx));
  for (const r of runs) console.log(line(r.name, r.m));
  if (en && arc) {
    console.log(`  lines found in the PDF text: English ${en.found}/${N} (${en.pages} pages, first and last entry: ${en.ends}), Arabic ${arc.found}/${N} (${arc.pages} pages, first and last entry: ${arc.ends})`);
  } else console.log('  lines not checked: pdftotext (poppler-utils) is not installed');
  const all = (f: (m: Measured) => boolean) => (runs.every((r) => f(r.m)) ? 'met' : 'missed');
  console.log(`  goal under 10 s and 300 MB, every PDF above: time ${all((m) => m.ms < 10_000)}; server process ${all((m) => m.serverPeak < 300)}; `
    + `server + Chromium ${all((m) => m.serverPeak + m.chromiumPss < 300)}; every line present: ${en && arc ? en.missing === 0 && arc.missing === 0 && en.ends && arc.ends : 'unchecked'}`);
  await c.end();
  const done = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await done;
  if (en && (en.missing || arc!.missing)) process.exit(1);
}

main().catch((e) => { console.error(e); process.exit(1); });
