/**
 * Inventory benchmarks on PostgreSQL (run by `npm run bench`, or
 * TEST_DB=postgres TEST_DATABASE_URL=postgres://... npx tsx src/modules/inventory/bench/inventory.bench.ts [moves] [products]):
 * (a) stock balance report over 1,000,000 moves beside brute-force SQL over stock_moves, same numbers;
 * (b) product list with Arabic search over 100,000 products, 8 HTTP clients, beside raw SQL;
 * (c) deliveries of 3 lines over HTTP, 8 clients, beside a raw-SQL ceiling. All in one database, baselines in the same run.
 * BENCH_INVENTORY=balance,search,delivery runs only those parts (`BENCH_ONLY=inventory BENCH_INVENTORY=search npm run bench`).
 */
import globalSetup from '../../../../tests/support/global-setup';
import { testApp } from '../../../../tests/support/test-app';
import { stockKit } from '../server/test-kit';
import { deliveryBench } from './delivery.bench';
import { productSearchBench } from './product-search.bench';
import { stockBalanceBench } from './stock-balance.bench';

const MOVES = Number(process.argv[2] ?? 1_000_000);
const PRODUCTS = Number(process.argv[3] ?? 100_000);
const only = process.env.BENCH_INVENTORY?.split(',');
const want = (x: string) => !only || only.includes(x);

async function main() {
  await globalSetup();
  const t = await testApp();
  const k = await stockKit(t);
  const print = (lines: string[]) => { for (const l of lines) console.log(l); };
  if (want('balance')) print(await stockBalanceBench(t, k, MOVES));
  if (want('search')) print(await productSearchBench(t, k, PRODUCTS));
  if (want('delivery')) print(await deliveryBench(t, k, Number(process.env.BENCH_SECONDS ?? 10) * 1000, Number(process.env.BENCH_CLIENTS ?? 8)));
  await t.close();
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
