import { defineConfig } from 'vitest/config';

// End-to-end tests: the built web app (dist/) served by the real server on a fresh PGlite database, driven in
// Debian's Chromium through playwright-core. `npm test` builds dist/ first.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
