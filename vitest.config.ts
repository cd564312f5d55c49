import { defineConfig } from 'vitest/config';

// Server and unit tests. Each test file gets its own database cloned from a migrated template.
// TEST_DB=postgres (with TEST_DATABASE_URL) runs the same files against real PostgreSQL.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
