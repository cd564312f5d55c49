import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser tests run two at a time (vitest.e2e.config.ts); the route guard, by far the longest, starts first, so
 * the others run beside it instead of after it.
 */
export default class GuardFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const guard = (f: TestSpecification) => (f.moduleId.endsWith('route-guard.e2e.test.ts') ? 0 : 1);
    return [...sorted].sort((a, b) => guard(a) - guard(b));
  }
}
