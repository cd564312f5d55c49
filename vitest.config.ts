import { defineConfig } from 'vitest/config';
import SlowFirst from './tests/support/slow-first-sequencer.ts';

/**
 * Files that change what a module holds for the whole process (a vi.mock, an environment variable read once at
 * import, hooks registered on a test entity) run each in a process of its own; every other file shares its worker
 * with the files before it (the application's modules are evaluated once per worker, not once per file: about 2 s a
 * file). Shared files must leave the process as they found it (a clock set is reset in afterAll).
 */
const ISOLATED = [
  'src/modules/admin/login-throttle.api.test.ts',
  'src/core/documents/pdf.test.ts',
  'src/core/db/replica.db.test.ts',
  'src/core/entity/hooks.test.ts',
];

// Server and unit tests. Each test file gets its own database cloned from a migrated template.
// TEST_DB=postgres (with TEST_DATABASE_URL) runs the same files against real PostgreSQL.
export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/exceljs-mend.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // the stages are CPU-bound on the 2-core machine: three workers made the PostgreSQL stage slower (397 s against
    // 345 s, 2026-11-29, the machine 1.9 % idle during it)
    maxWorkers: 2,
    // the files known to run longest start first (a fresh clone has no timings of an earlier run)
    sequence: { sequencer: SlowFirst },
    projects: [
      {
        extends: true,
        test: { name: 'shared', isolate: false, include: ['src/**/*.test.ts', 'tests/**/*.test.ts'], exclude: ['tests/e2e/**', 'node_modules/**', ...ISOLATED] },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
