/**
 * `npm run bench`: every benchmark the issues name, each printed with its baseline measured in the same run.
 * BENCH_ONLY=contacts,startup,bundle,... runs a subset; BENCH_ROWS scales the data sets down for a quick look.
 */
import { bundleBench } from './bundle-size.bench';
import { contactsSearchBench } from './contacts-search.bench';
import { pgAvailable } from './bench-db';
import { startupBench } from './startup.bench';

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
process.exit(0);
