/**
 * `npm run bench`: every benchmark the issues name, each printed with its baseline measured in the same run.
 * BENCH_ONLY=contacts,startup,bundle,ledger,glpdf,inventory,replica,pooler,sales,pos,import,zatca runs a subset; BENCH_ROWS scales the data sets down for a quick look
 * (inventory: BENCH_ROWS products and 10 x BENCH_ROWS moves, or BENCH_INVENTORY_MOVES).
 */
import { bundleBench } from './bundle-size.bench';
import { contactsSearchBench } from './contacts-search.bench';
import { spawnSync } from 'node:child_process';
import { BENCH_PG_ADMIN, pgAvailable } from './bench-db';
import { startupBench } from './startup.bench';
import { poolerBench } from './pooler.bench';
import { importBench } from './import.bench';
import { zatcaBench } from '../src/modules/accounting/bench/zatca.bench';

const only = process.env.BENCH_ONLY?.split(',');
const want = (name: string) => !only || only.includes(name);
const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const out: string[] = [`Daftar ERP benchmarks, ${new Date().toISOString()}, node ${process.version}`];
const print = (lines: string[]) => { for (const l of lines) console.log(l); out.push(...lines); };

if (want('bundle')) print(bundleBench());
if (want('startup')) print(await startupBench());
if (want('contacts')) {
  if (await pgAvailable()) print(await contactsSearchBench('postgres', rows));
  else print(['contact search on PostgreSQL: skipped (no server at BENCH_DATABASE_URL)']);
  print(await contactsSearchBench('pglite', rows));
}
if (want('ledger')) {
  // Accounting: trial balance / balance sheet over 1M lines vs brute force, posting over HTTP vs raw SQL.
  if (await pgAvailable()) {
    console.log('ledger (accounting) on PostgreSQL:');
    spawnSync(process.execPath, ['--import', 'tsx', 'src/modules/accounting/bench/ledger.bench.ts', process.env.BENCH_LEDGER_LINES ?? '1000000'], {
      stdio: 'inherit', env: { ...process.env, TEST_DB: 'postgres', TEST_DATABASE_URL: BENCH_PG_ADMIN },
    });
  } else print(['ledger benchmarks: skipped (no PostgreSQL at BENCH_DATABASE_URL)']);
}
if (want('glpdf')) {
  // Accounting: general ledger PDF of 10,000 lines over HTTP (time, peak memory of server + Chromium) vs Excel and raw SQL.
  if (await pgAvailable()) {
    console.log('general ledger PDF (accounting) on PostgreSQL:');
    spawnSync(process.execPath, ['--import', 'tsx', 'src/modules/accounting/bench/gl-pdf.bench.ts', process.env.BENCH_GL_LINES ?? '10000'], {
      stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: BENCH_PG_ADMIN },
    });
  } else print(['general ledger PDF benchmark: skipped (no PostgreSQL at BENCH_DATABASE_URL)']);
}
if (want('replica')) {
  // Reports from a streaming replica: postings/s on the primary while 8 clients run trial balances and general
  // ledgers on the primary, then on the replica (a replica of the local server, made for the run: needs root).
  if (await pgAvailable()) {
    console.log('reports from a read replica (accounting) on PostgreSQL:');
    spawnSync(process.execPath, ['--import', 'tsx', 'src/modules/accounting/bench/replica.bench.ts', process.env.BENCH_REPLICA_LINES ?? '200000'], {
      stdio: 'inherit', env: { ...process.env, TEST_DB: 'postgres', TEST_DATABASE_URL: BENCH_PG_ADMIN },
    });
  } else print(['replica benchmark: skipped (no PostgreSQL at BENCH_DATABASE_URL)']);
}
if (want('inventory')) {
  // Inventory: stock balance over 1M moves vs brute force, product search over 100k products, deliveries over HTTP vs raw SQL.
  if (await pgAvailable()) {
    console.log('inventory on PostgreSQL:');
    const moves = process.env.BENCH_INVENTORY_MOVES ?? String(Math.max(20_000, rows * 10));
    spawnSync(process.execPath, ['--import', 'tsx', 'src/modules/inventory/bench/inventory.bench.ts', moves, String(rows)], {
      stdio: 'inherit', env: { ...process.env, TEST_DB: 'postgres', TEST_DATABASE_URL: BENCH_PG_ADMIN },
    });
  } else print(['inventory benchmarks: skipped (no PostgreSQL at BENCH_DATABASE_URL)']);
}
if (want('pooler')) {
  // Postings and deliveries through PgBouncer (transaction mode) beside direct connections, named and unnamed.
  if (await pgAvailable()) print(await poolerBench());
  else print(['pooler benchmark: skipped (no PostgreSQL at BENCH_DATABASE_URL)']);
}
if (want('sales')) {
  // Sales: product sales report over 1M sales lines, a year by month, vs brute-force SQL over the lines.
  if (await pgAvailable()) {
    console.log('sales on PostgreSQL:');
    spawnSync(process.execPath, ['--import', 'tsx', 'src/modules/sales/bench/sales-reports.bench.ts', process.env.BENCH_SALES_LINES ?? '1000000'], {
      stdio: 'inherit', env: { ...process.env, TEST_DB: 'postgres', TEST_DATABASE_URL: BENCH_PG_ADMIN },
    });
  } else print(['sales benchmarks: skipped (no PostgreSQL at BENCH_DATABASE_URL)']);
}
if (want('pos')) {
  // Point of sale: till sales over HTTP by 8 tills vs a raw-SQL ceiling; closing a session of 5,000 orders.
  if (await pgAvailable()) {
    console.log('point of sale on PostgreSQL:');
    spawnSync(process.execPath, ['--import', 'tsx', 'src/modules/pos/bench/pos.bench.ts', process.env.BENCH_POS_ORDERS ?? '5000'], {
      stdio: 'inherit', env: { ...process.env, TEST_DB: 'postgres', TEST_DATABASE_URL: BENCH_PG_ADMIN },
    });
  } else print(['point-of-sale benchmarks: skipped (no PostgreSQL at BENCH_DATABASE_URL)']);
}
if (want('import')) {
  // Imports (issue 26): BENCH_ROWS products from CSV and .xlsx over HTTP beside COPY of the same rows, peak memory.
  print(await importBench((await pgAvailable()) ? 'postgres' : 'pglite', rows));
}
if (want('zatca')) {
  // ZATCA phase 2 (issue 20): generate, hash, sign and QR-encode simplified invoices on one core vs bare node:crypto.
  print(await zatcaBench(Number(process.env.BENCH_ZATCA_INVOICES ?? 10_000)));
}
process.exit(0);
