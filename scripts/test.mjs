// `npm test`: the whole suite. Server tests on PGlite; again on PostgreSQL when TEST_DATABASE_URL is set; the
// invariant and concurrency tests a third time through PgBouncer in transaction mode when TEST_POOLER_URL is set
// (.ci/run starts one: tests/support/pgbouncer.ts); end-to-end tests in Debian's Chromium when it is installed. Prints one closing line with the totals.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const out = mkdtempSync(join(tmpdir(), 'daftar-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
let ok = true;

/** The first lines of a failure's message, indented: what a truncated log must still show. */
const why = (messages = []) => messages.join('\n').replace(/\x1b\[[0-9;]*m/g, '').split('\n').filter((l) => l.trim()).slice(0, 12).map((l) => `      ${l.slice(0, 300)}`).join('\n');

function run(name, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const file = join(out, `${name.replace(/\W+/g, '-')}.json`);
  const r = spawnSync(process.execPath, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (existsSync(file)) {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += j.numPassedTests;
    totals.failed += j.numFailedTests;
    totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
    for (const f of j.testResults ?? []) {
      const bad = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of bad) failures.push(`${name}: ${f.name.replace(root, '')} > ${a.fullName}\n${why(a.failureMessages)}`);
      if (!bad.length && f.status === 'failed') failures.push(`${name}: ${f.name.replace(root, '')} (${(f.message ?? '').split('\n')[0]})`);
    }
  }
  if (r.status !== 0) ok = false;
}

run('server tests on PGlite', [], { TEST_DB: 'pglite' });
// the whole suite on direct connections (TEST_POOLER_URL is for the third run only)
if (process.env.TEST_DATABASE_URL) run('server tests on PostgreSQL', [], { TEST_DB: 'postgres', TEST_POOLER_URL: '' });
else console.log('\nTEST_DATABASE_URL is not set: PostgreSQL run skipped.');

// What must hold behind a transaction pooler, where each transaction may run on another server connection: gapless
// numbers, no oversell, no double posting (keys, batches), a due job run once. Databases are made on the direct
// connection; the application's pool goes through the pooler (tests/support/test-db.ts).
const POOLED_FILES = [
  'src/core/db/sequences.test.ts',
  'src/core/db/tx.test.ts',
  'src/core/db/statement-functions.db.test.ts',
  'src/core/db/builder-names.db.test.ts',
  'src/core/db/config-cache.db.test.ts',
  'src/modules/inventory/server/documents.concurrency.api.test.ts',
  'src/modules/inventory/server/stock.concurrency.db.test.ts',
  'src/modules/accounting/server/journal-entry.api.test.ts',
  'src/modules/accounting/server/ledger.batch.test.ts',
  'src/core/jobs/',
];
if (process.env.TEST_DATABASE_URL && process.env.TEST_POOLER_URL) {
  run('server tests through PgBouncer (transaction mode)', ['--passWithNoTests', ...POOLED_FILES], { TEST_DB: 'postgres', DATABASE_POOLER: 'transaction' });
} else console.log('\nTEST_POOLER_URL is not set: the run through PgBouncer is skipped.');

const chromium = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));
if (chromium) {
  console.log('\n=== building the web app for end-to-end tests ===');
  const b = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) ok = false;
  // on PGlite: tried on PostgreSQL (2026-11-29, the whole stage), each long file took 10-20 % longer there (the route
  // guard 551 s against 502, pos-day 147 against 121): the server processes then compete with the browser for 2 cores.
  // The pages open in Chromium's headless shell when installed, else in Chromium (tests/e2e/harness.ts finds it);
  // CHROMIUM_PATH is not set, so the server in the test
  // process renders its PDFs as in production, in the headless shell when installed (core/documents/pdf.ts): with
  // CHROMIUM_PATH set, the whole browser rendered them, and the PDF-heavy files took longer (2026-11-29, two runs
  // each: pos-receipt 41.5 and 43.5 s against 30.0 and 29.2, pos-customers 59.7 and 61.0 against 53.6 and 52.6)
  else run('end-to-end tests in Chromium', ['--config', 'vitest.e2e.config.ts'], { TEST_DB: 'pglite' });
} else console.log('\nChromium is not installed: end-to-end tests skipped.');

// the failures again at the very end, where a truncated log still shows them
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
