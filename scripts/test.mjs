// `npm test`: the whole suite. Server tests on PGlite; again on PostgreSQL when TEST_DATABASE_URL is set;
// end-to-end tests in Debian's Chromium when it is installed. Prints one closing line with the totals.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const out = mkdtempSync(join(tmpdir(), 'daftar-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

function run(name, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const file = join(out, `${name.replace(/\W+/g, '-')}.json`);
  const r = spawnSync(process.execPath, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (existsSync(file)) {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += j.numPassedTests;
    totals.failed += j.numFailedTests;
    totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
  }
  if (r.status !== 0) ok = false;
}

run('server tests on PGlite', [], { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) run('server tests on PostgreSQL', [], { TEST_DB: 'postgres' });
else console.log('\nTEST_DATABASE_URL is not set: PostgreSQL run skipped.');

const chromium = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));
if (chromium) {
  console.log('\n=== building the web app for end-to-end tests ===');
  const b = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) ok = false;
  else run('end-to-end tests in Chromium', ['--config', 'vitest.e2e.config.ts'], { CHROMIUM_PATH: chromium });
} else console.log('\nChromium is not installed: end-to-end tests skipped.');

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
