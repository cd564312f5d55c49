import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Two files run at a time (vitest.config.ts, vitest.e2e.config.ts). A fresh clone has no timings from an earlier
 * run, so vitest would start the largest files first, and a short file that runs long (a server process started
 * four times, a random run) could start last and leave one core idle while it ends: PGlite's stage ended with
 * server-restart.test.ts alone for 40 s (2026-11-28). The files known to take longest start first, in this order
 * (the route guard, by far the longest browser test, before every other); the rest follow vitest's own order.
 */
const SLOW = [
  // browser tests
  'tests/e2e/route-guard.e2e.test.ts', 'tests/e2e/inventory.e2e.test.ts', 'tests/e2e/einvoicing.e2e.test.ts', 'tests/e2e/pos-day.e2e.test.ts',
  // server tests (each 5 s or more on PGlite or PostgreSQL)
  'tests/server-restart.test.ts', 'accounting/server/accounting.random-run.test.ts', 'tests/server-drain.test.ts',
  'inventory/server/inventory.random-run.test.ts', 'src/core/db/write-path.faults.db.test.ts', 'src/core/db/initial-db.test.ts',
  'admin/server/listen-guard.db.test.ts', 'tax-invoice/tax-invoice.pdf.test.ts', 'pos/server/customers.filter.api.test.ts',
  'inventory/server/stock.random-run.db.test.ts', 'pos/server/return.api.test.ts', 'src/core/http/drain.api.test.ts',
];

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => { const i = SLOW.findIndex((s) => f.moduleId.endsWith(s)); return i < 0 ? SLOW.length : i; };
    const at = new Map(sorted.map((f, i) => [f, i]));
    // within a project only: vitest's order of the projects stays (the isolated files before the shared ones)
    return [...sorted].sort((a, b) => (a.project.name === b.project.name ? rank(a) - rank(b) : at.get(a)! - at.get(b)!));
  }
}
