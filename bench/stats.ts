/** Latency figures for benchmarks: run `clients` loops for `durationMs` (bounded), collect per-call times. */
export interface Figures { n: number; rps: number; p50: number; p95: number; p99: number }

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function load(clients: number, durationMs: number, call: (i: number) => Promise<void>, maxCalls = 200_000): Promise<Figures> {
  const times: number[] = [];
  const end = performance.now() + durationMs;
  let k = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < end && k < maxCalls) {
      const i = k++;
      const s = performance.now();
      await call(i);
      times.push(performance.now() - s);
    }
  }));
  const elapsed = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { n: times.length, rps: times.length / elapsed, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

export function fmt(f: Figures): string {
  return `p50 ${f.p50.toFixed(2)} ms, p95 ${f.p95.toFixed(2)} ms, p99 ${f.p99.toFixed(2)} ms, ${f.rps.toFixed(0)} req/s (${f.n} calls)`;
}
