import type { TestApp } from '../../../../tests/support/test-app';
import { type Figures, fmt, load } from '../../../../bench/stats';

/** Timing helpers of the inventory benchmarks (sequential runs -> p95; concurrent clients -> bench/stats load). */
export { type Figures, fmt, load };

export const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

export async function time(fn: () => Promise<unknown>, runs = 30): Promise<number[]> {
  const out: number[] = [];
  await fn(); // warm-up
  for (let i = 0; i < runs; i++) { const s = performance.now(); await fn(); out.push(performance.now() - s); }
  return out;
}

/** GET through the app (inject), failing loudly on anything but 200. */
export async function getJson(t: TestApp, path: string): Promise<Record<string, any>> {
  const r = await t.admin.get(path);
  if (r.statusCode !== 200) throw new Error(`${path}: ${r.statusCode} ${r.body}`);
  return r.json();
}
