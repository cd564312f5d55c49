import { readFileSync, readdirSync } from 'node:fs';

/**
 * What the write benchmarks measured against a raw-SQL ceiling share (inventory's deliveries, the point of sale's
 * till sales): `clients` loops for a while, in rounds that alternate the two sides, each round's calls counted and
 * its CPU split between this process (the server and the HTTP clients) and PostgreSQL's backends.
 */

/**
 * CPU time (ms) of the PostgreSQL backends serving `database` so far, from /proc (PostgreSQL on this machine);
 * null when they cannot be read. Beside this process's own CPU, it says where a run's CPU went.
 */
export function pgCpuMs(database: string): number | null {
  try {
    let ms = 0;
    let found = false;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (!cmd.startsWith('postgres:') || !cmd.split(' ').includes(database)) continue;
      } catch { continue; /* gone */ }
      const used = processCpuMs(Number(pid));
      if (used === null) continue;
      ms += used;
      found = true;
    }
    return found ? ms : null;
  } catch {
    return null;
  }
}

/** CPU time (ms) one process has used so far (a pooler's), or null when it is gone. */
export function processCpuMs(pid: number): number | null {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
}

/** What one side of the benchmark did over its measured rounds: calls answered, refused, seconds, CPU spent (ms). */
export interface Side { ok: number; refused: number; seconds: number; nodeMs: number; nodeSysMs: number; pgMs: number | null }
export const side = (): Side => ({ ok: 0, refused: 0, seconds: 0, nodeMs: 0, nodeSysMs: 0, pgMs: 0 });

/** One measured round of `once` added to `s`, with the CPU it cost: this process (server and clients) and PostgreSQL's backends. */
export async function round(s: Side, database: string | undefined, clients: number, ms: number, once: () => Promise<boolean>): Promise<void> {
  const node0 = process.cpuUsage();
  const pg0 = database ? pgCpuMs(database) : null;
  const r = await drive(clients, ms, once);
  const node = process.cpuUsage(node0);
  const pg1 = database ? pgCpuMs(database) : null;
  s.ok += r.ok;
  s.refused += r.refused;
  s.seconds += r.seconds;
  s.nodeMs += (node.user + node.system) / 1000;
  s.nodeSysMs += node.system / 1000;
  s.pgMs = s.pgMs !== null && pg0 !== null && pg1 !== null ? s.pgMs + pg1 - pg0 : null;
}

export function cpuLine(s: Side, what = 'delivery'): string {
  const per = (ms: number) => (ms / Math.max(s.ok, 1)).toFixed(1);
  return `CPU per ${what}: node ${per(s.nodeMs)} ms (sys ${per(s.nodeSysMs)})${s.pgMs !== null ? `, postgres ${per(s.pgMs)} ms` : ''}`;
}

/** `clients` loops calling `once` for `ms`; how many calls answered true, and how many false. */
export async function drive(clients: number, ms: number, once: () => Promise<boolean>): Promise<{ ok: number; refused: number; seconds: number }> {
  let ok = 0;
  let refused = 0;
  const s = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() - s < ms) if (await once()) ok++; else refused++;
  }));
  return { ok, refused, seconds: (performance.now() - s) / 1000 };
}

/**
 * Both sides measured in `rounds` rounds that alternate which goes first (a b, b a, a b, ...), so what one side
 * leaves PostgreSQL to do later (autovacuum of the tables it wrote, a checkpoint) and any drift of the machine fall
 * on both alike; `b` null measures `a` alone.
 */
export async function alternate(database: string | undefined, clients: number, ms: number, a: [Side, () => Promise<boolean>], b: [Side, () => Promise<boolean>] | null, rounds = 4): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    const order = b ? [a, b] : [a];
    if (i % 2) order.reverse();
    for (const [s, once] of order) await round(s, database, clients, ms / rounds, once);
  }
}
