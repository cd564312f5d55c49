import { defineConfig } from 'vitest/config';
import GuardFirst from './tests/support/e2e-sequencer';

// End-to-end tests: the built web app (dist/) served by the real server on a fresh PGlite database, driven in
// Debian's Chromium through playwright-core. `npm test` builds dist/ first.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/exceljs-mend.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // two files at a time, the route guard first (support/e2e-sequencer.ts); each has its own server and browser
    maxWorkers: 2,
    fileParallelism: true,
    sequence: { sequencer: GuardFirst },
  },
});
