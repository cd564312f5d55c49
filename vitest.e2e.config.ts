import { defineConfig } from 'vitest/config';
import SlowFirst from './tests/support/slow-first-sequencer.ts';

// End-to-end tests: the built web app (dist/) served by the real server on a fresh copy of the demo company (PGlite;
// PostgreSQL with TEST_DB=postgres), driven in Debian's Chromium through playwright-core. `npm test` builds dist/ first.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/exceljs-mend.ts'],
    testTimeout: 120_000,
    // a page's change after a click or a key can take more than expect.poll's default 1 s on a busy 2-core machine
    // (a till's dialog closing did, once): polls without a timeout of their own wait up to 5 s
    expect: { poll: { timeout: 5_000 } },
    hookTimeout: 180_000,
    pool: 'forks',
    // a worker runs its files one after another in one process (each file still has its own server, database and
    // browser): the app's modules are imported once per worker, not once per file. 8 short files: 80 s against 111 s
    // (2026-11-29). The app keeps no state between apps but what is keyed by its database (config-cache.ts).
    isolate: false,
    // two files at a time, the longest first, the route guard before all (support/slow-first-sequencer.ts); each has its own server and browser. Three
    // at a time, tried on this 2-core machine (2026-11-28, both runs beside benchmarks): 1467 s against 1577 s, and a
    // page of the guard took 3.9 s to settle (its rule is 3 s)
    maxWorkers: 2,
    fileParallelism: true,
    sequence: { sequencer: SlowFirst },
  },
});
