/**
 * What the server's start spent its time on, phase by phase (opening the database, migrations, the first company
 * and each of its setup steps, the app, listening), printed on the start line so a slow first start says where.
 * Each phase has its wall time and the process's CPU time (on a busy machine the first grows, the second hardly).
 */
export type Timings = [phase: string, ms: number, cpuMs?: number][];

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export async function timed<T>(timings: Timings | undefined, phase: string, run: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const c0 = cpuMs();
  try {
    return await run();
  } finally {
    timings?.push([phase, performance.now() - t0, cpuMs() - c0]);
  }
}

/** "database 3.1 s (CPU 2.9 s), migrations 1.2 s (CPU 1.1 s), ..." (phases under 50 ms left out). */
export function formatTimings(timings: Timings): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return timings.filter(([, ms]) => ms >= 50).map(([p, ms, cpu]) => `${p} ${s(ms)}${cpu === undefined ? '' : ` (CPU ${s(cpu)})`}`).join(', ');
}
