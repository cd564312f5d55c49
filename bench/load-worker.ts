import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { httpGet } from './http-client';
import { type Figures, load } from './stats';

/**
 * Load clients on a thread of their own: `loadInWorker` runs `clients` loops for `durationMs` in a worker thread
 * and answers their figures. The benchmarks time the server's thread as it serves browsers elsewhere: their load
 * clients used to run on the server's own thread, which then paid for both sides of every request. The raw-SQL
 * baseline runs in the same kind of worker, on connections of its own, so both runs are timed the same way.
 *  - `http`: GET each path in turn on 127.0.0.1:port with the headers (status 200 expected); the answers'
 *    X-Data-Source values are counted (`sources`: how many reads the replica served, core/db/replica.ts);
 *  - `sql`: run each statement (text, params; kept prepared per connection when it has a name) in turn on a pool of
 *    `clients` connections to `url`.
 */
export type LoadJob =
  | { kind: 'http'; port: number; paths: string[]; headers: Record<string, string> }
  | { kind: 'sql'; url: string; statements: { text: string; params: unknown[]; name?: string }[] };

export function loadInWorker(job: LoadJob, clients: number, durationMs: number): Promise<Figures & { sources?: Record<string, number> }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { job, clients, durationMs } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => { if (code !== 0) reject(new Error(`load worker exited with ${code}`)); });
  });
}

async function run(job: LoadJob, clients: number, durationMs: number): Promise<Figures & { sources?: Record<string, number> }> {
  if (job.kind === 'http') {
    const sources: Record<string, number> = {};
    const figures = await load(clients, durationMs, async (i) => {
      const r = await httpGet(job.port, job.paths[i % job.paths.length]!, job.headers);
      if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${r.body.toString().slice(0, 200)}`);
      const source = String(r.headers['x-data-source'] ?? 'none');
      sources[source] = (sources[source] ?? 0) + 1;
    });
    return { ...figures, sources };
  }
  const pool = new pg.Pool({ connectionString: job.url, max: clients });
  try {
    // connect every client before timing, as the application's pool is warm when its run starts
    const warm = await Promise.all(Array.from({ length: clients }, () => pool.connect()));
    for (const c of warm) c.release();
    return await load(clients, durationMs, async (i) => {
      const s = job.statements[i % job.statements.length]!;
      await pool.query({ text: s.text, values: s.params, name: s.name });
    });
  } finally {
    await pool.end();
  }
}

if (!isMainThread && workerData?.job) {
  const { job, clients, durationMs } = workerData as { job: LoadJob; clients: number; durationMs: number };
  parentPort!.postMessage(await run(job, clients, durationMs));
}
