/**
 * General ledger PDF of N journal lines (default 10,000) on PostgreSQL, through the real HTTP route the web uses
 * (GET /api/accounting/reports/general-ledger?format=pdf on a server process started as `npm start` starts it).
 * Goal (issue 3): under 10 s and 300 MB.
 * Run: npx tsx src/modules/accounting/bench/gl-pdf.bench.ts [lines]   (BENCH_ONLY=glpdf npm run bench)
 *
 * - Lines are bulk-inserted by SQL as posted entries (outside the hash chain), each with a unique label
 *   `GL-000001`...; balances are rebuilt so the report's openings are right.
 * - Memory: every 50 ms, the server process and all its descendants (Chromium's browser, renderer, GPU/utility and
 *   zygote processes) are read from /proc: the peak of the SUM of their VmRSS (shared pages such as Chromium's
 *   code are counted once per process, so this overstates) and the peak of the sum of their Pss (shared pages
 *   divided among the processes sharing them: what they really cost together).
 * - CPU: user + system seconds of the server and all those processes (exited renderers count in their parent's
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

interface Sample { rss: number; pss: number; procs: number; serverRss: number; cpu: number; serverCpu: number }
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
  return out;
}
function kb(text: string, key: string): number { return Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0); }
function sample(pid: number): Sample {
  let rss = 0, pss = 0, procs = 0, serverRss = 0, cpu = 0, serverCpu = 0;
  for (const p of descendants(pid)) {
    try {
      // utime + stime + cutime + cstime (clock ticks): exited renderers count in the browser's cutime.
      const st = readFileSync(`/proc/${p}/stat`, 'utf8');
      const ticks = st.slice(st.lastIndexOf(')') + 2).split(' ').slice(11, 15).map(Number);
      cpu += ticks.reduce((a, x) => a + x, 0);
      if (p === pid) serverCpu = ticks[0]! + ticks[1]!; // the server's own, without its reaped children's
      const r = kb(readFileSync(`/proc/${p}/status`, 'utf8'), 'VmRSS');
      if (p === pid) serverRss = r;
      rss += r; pss += kb(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'), 'Pss'); procs++;
    } catch { /* gone */ }
  }
  return { rss: rss / 1024, pss: pss / 1024, procs, serverRss: serverRss / 1024, cpu: cpu / 100, serverCpu: serverCpu / 100 };
}

/** Downloads `url` while sampling the server's process tree every 50 ms: time, peak memory, body. */
async function measure(pid: number, url: string, cookie: string) {
  const peak: Sample = { rss: 0, pss: 0, procs: 0, serverRss: 0, cpu: 0, serverCpu: 0 };
  const { cpu: cpu0, serverCpu: serverCpu0 } = sample(pid);
  const timer = setInterval(() => {
    const s = sample(pid);
    peak.rss = Math.max(peak.rss, s.rss); peak.pss = Math.max(peak.pss, s.pss); peak.procs = Math.max(peak.procs, s.procs); peak.serverRss = Math.max(peak.serverRss, s.serverRss); peak.cpu = Math.max(peak.cpu, s.cpu - cpu0);
    peak.serverCpu = Math.max(peak.serverCpu, s.serverCpu - serverCpu0);
  }, 50);
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  clearInterval(timer);
  const end = sample(pid);
  peak.cpu = Math.max(peak.cpu, end.cpu - cpu0);
  peak.serverCpu = Math.max(peak.serverCpu, end.serverCpu - serverCpu0);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.toString().slice(0, 300)}`);
  return { ms, peak, body };
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
  const idle = sample(server.pid!);

  const q = `from=${FROM}&to=${TO}`;
  const t0 = performance.now();
  const raw = await c.query(`SELECT l.date, a.code, e.number, l.label, l.debit, l.credit,
      sum(l.debit - l.credit) OVER (PARTITION BY l.account_id ORDER BY l.date, l.entry_id, l.line_no) AS running
    FROM journal_lines l JOIN accounts a ON a.id = l.account_id JOIN journal_entries e ON e.id = l.entry_id
    WHERE l.company_id = 1 AND l.date BETWEEN $1 AND $2 ORDER BY a.code, l.date, l.entry_id, l.line_no`, [FROM, TO]);
  const rawMs = performance.now() - t0;
  const xlsx = await measure(server.pid!, `${base}/api/accounting/reports/general-ledger?${q}&format=xlsx`, cookie);
  await restart();
  const pdf = await measure(server.pid!, `${base}/api/accounting/reports/general-ledger?${q}&format=pdf`, cookie);
  const again = await measure(server.pid!, `${base}/api/accounting/reports/general-ledger?${q}&format=pdf`, cookie);
  await restart();
  const ar = await measure(server.pid!, `${base}/api/accounting/reports/general-ledger?${q}&format=pdf`, cookie.replace('locale=en', 'locale=ar'));

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

  const peakLine = (name: string, m: Awaited<ReturnType<typeof measure>>) =>
    `  ${name.padEnd(38)} ${(m.ms / 1000).toFixed(2).padStart(6)} s (CPU ${m.peak.cpu.toFixed(1)} s, server ${m.peak.serverCpu.toFixed(1)} s)   peak RSS sum ${mb(m.peak.rss).padStart(7)}   peak Pss sum ${mb(m.peak.pss).padStart(7)}   (${m.peak.procs} processes; server process alone ${mb(m.peak.serverRss)}; ${(m.body.length / 1024).toFixed(0)} KB)`;
  console.log(`general ledger of ${N} lines (${FROM}..${TO}) over HTTP, server from the bundle on PostgreSQL; ${load()}`);
  console.log('  CPU = user + system seconds of the server and Chromium, then of the server process alone (a busy machine stretches the wall time, not this)');
  console.log(`  memory = server process + every descendant (Chromium), sampled each 50 ms from /proc; idle before: RSS ${mb(idle.rss)}, Pss ${mb(idle.pss)}`);
  console.log(`  baseline: raw SQL of the same ${raw.rowCount} rows: ${(rawMs / 1000).toFixed(2)} s`);
  console.log(peakLine('baseline: Excel', xlsx));
  console.log(peakLine('PDF (fresh server: starts Chromium)', pdf));
  console.log(peakLine('PDF again (browser already up)', again));
  console.log(peakLine('PDF in Arabic (fresh server)', ar));
  if (en && arc) {
    console.log(`  lines found in the PDF text: English ${en.found}/${N} (${en.pages} pages, first and last entry: ${en.ends}), Arabic ${arc.found}/${N} (${arc.pages} pages, first and last entry: ${arc.ends})`);
  } else console.log('  lines not checked: pdftotext (poppler-utils) is not installed');
  const ok = (m: Awaited<ReturnType<typeof measure>>, x: number) => (m.ms < 10_000 && x < 300 ? 'met' : 'missed');
  console.log(`  goal under 10 s and 300 MB: server process alone ${ok(pdf, pdf.peak.serverRss)}; server + Chromium (RSS sum) ${ok(pdf, pdf.peak.rss)}; every line present: ${en && arc ? en.missing === 0 && arc.missing === 0 && en.ends && arc.ends : 'unchecked'}`);
  await c.end();
  const done = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await done;
  if (en && (en.missing || arc!.missing)) process.exit(1);
}

main().catch((e) => { console.error(e); process.exit(1); });
