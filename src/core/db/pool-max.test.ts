import { expect, it } from 'vitest';
import { poolMax } from './connect';

/** DATABASE_POOL_MAX: the pool's size per server process (docs/DEPLOY.md, connection budget); a wrong value stops the start. */
it('reads DATABASE_POOL_MAX: 10 when unset, a whole number from 1 to 1000, else a start-up error naming the setting', () => {
  expect(poolMax(undefined)).toBe(10);
  expect(poolMax('')).toBe(10);
  expect(poolMax('25')).toBe(25);
  for (const bad of ['0', '-3', '2.5', 'ten', '1001']) expect(() => poolMax(bad), bad).toThrow(/DATABASE_POOL_MAX/);
});
