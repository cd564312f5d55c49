/**
 * Point-of-sale benchmarks on PostgreSQL (run by `BENCH_ONLY=pos npm run bench`, or
 * TEST_DB=postgres TEST_DATABASE_URL=postgres://... npx tsx src/modules/pos/bench/pos.bench.ts [orders]):
 * (a) till sales over HTTP by 8 tills beside a raw-SQL ceiling of the same rows (till-sales.bench.ts);
 * (b) closing a session of 5,000 orders (session-close.bench.ts). One database, the baseline in the same run.
 * BENCH_POS=till,close runs only those parts; BENCH_SECONDS (default 10) and BENCH_CLIENTS (8) size (a).
 */
import { loadavg } from 'node:os';
import globalSetup from '../../../../tests/support/global-setup';
import { testApp } from '../../../../tests/support/test-app';
import { posBench } from './pos-bench-kit';
import { sessionCloseBench } from './session-close.bench';
import { tillSalesBench } from './till-sales.bench';

const ORDERS = Number(process.argv[2] ?? 5_000);
const only = process.env.BENCH_POS?.split(',');
const want = (x: string) => !only || only.includes(x);

async function main() {
  await globalSetup();
  const t = await testApp();
  const clients = Number(process.env.BENCH_CLIENTS ?? 8);
  const k = await posBench(t, clients);
  const print = (lines: string[]) => { for (const l of lines) console.log(l); };
  const load = () => `(load average ${loadavg().map((x) => x.toFixed(1)).join(' ')})`;
  if (want('till')) print([...await tillSalesBench(k, Number(process.env.BENCH_SECONDS ?? 10) * 1000, clients), `  ${load()}`]);
  if (want('close')) print([...await sessionCloseBench(k, ORDERS), `  ${load()}`]);
  await t.close();
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
