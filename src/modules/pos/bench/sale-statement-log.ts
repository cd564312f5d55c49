/**
 * Reads PostgreSQL's statement log of till sales and prints where a sale's time goes, message by message: its time
 * in PostgreSQL (lock waits included) and node's gap before it (medians, p90), then how long each sale held the
 * stock journal's chain once it had it, and which share of the run some sale held it. A measurement tool for
 * docs/decisions/till-sale-hot-path.md, not a test.
 *
 * 1. psql -c "ALTER SYSTEM SET log_min_duration_statement = 0" -c "SELECT pg_reload_conf()"
 * 2. note the log's line count, run the till benchmark (BENCH_POS=till ... src/modules/pos/bench/pos.bench.ts)
 * 3. psql -c "ALTER SYSTEM RESET log_min_duration_statement" -c "SELECT pg_reload_conf()"
 * 4. node --import tsx src/modules/pos/bench/sale-statement-log.ts <log file> <first line> [last line]
 *
 * A sale's messages are counted from its transaction's first (the Idempotency-Key's claim with BEGIN) to the one
 * that writes the audit rows and commits; bind and parse lines are not messages of their own. The log's default
 * prefix (`%m [%p] %q%u@%d`) is assumed. The chain's message is given by CHAIN_MESSAGE (12: the delivery's posting,
 * the second statement of its pipeline, in the sale of 2026-11-29); the hold is counted from its end, plus
 * CHAIN_EXEC_MS, its own time once it has the chain (about 2 ms, from a run with one till).
 */
import { readFileSync } from 'node:fs';

const [file, from, to] = process.argv.slice(2);
const CHAIN_MESSAGE = Number(process.env.CHAIN_MESSAGE ?? 12);
const CHAIN_EXEC_MS = Number(process.env.CHAIN_EXEC_MS ?? 2);
const LINE = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) UTC \[(\d+)\] \S+ LOG: {2}duration: ([\d.]+) ms {2}(\w+)(?: (\S+?):)?(.*)$/;

interface Backend { message: number; lastEnd: number; chainEnd: number }
const backends = new Map<string, Backend>();
const times = new Map<number, number[]>();
const gaps = new Map<number, number[]>();
const labels = new Map<number, string>();
const holds: number[] = [];
let first = Infinity;
let last = 0;

const lines = readFileSync(file!, 'utf8').split('\n').slice(Number(from ?? 0), to ? Number(to) : undefined);
for (const line of lines) {
  const m = LINE.exec(line);
  if (!m) continue;
  const [, at, pid, ms, kind, name, text] = m as unknown as string[];
  if (kind === 'bind' || kind === 'parse') continue;
  const end = Date.parse(`${at!.replace(' ', 'T')}Z`);
  const took = Number(ms);
  let b = backends.get(pid!);
  if (!b) backends.set(pid!, (b = { message: -1, lastEnd: 0, chainEnd: 0 }));
  if (kind === 'statement' && /BEGIN; INSERT INTO idempotency_keys/.test(text!)) b.message = 0;
  else if (b.message >= 0) b.message++;
  else continue;
  const i = b.message;
  labels.set(i, `${kind} ${(name ?? '').slice(0, 16)} ${text!.replace(/\s+/g, ' ').trim()}`.slice(0, 61));
  (times.get(i) ?? times.set(i, []).get(i)!).push(took);
  if (i > 0) (gaps.get(i) ?? gaps.set(i, []).get(i)!).push(end - took - b.lastEnd);
  b.lastEnd = end;
  if (i === CHAIN_MESSAGE) b.chainEnd = end;
  if (kind === 'statement' && /^: INSERT INTO audit_log/.test(text!)) {
    if (b.chainEnd) {
      holds.push(end - b.chainEnd + CHAIN_EXEC_MS);
      first = Math.min(first, end);
      last = Math.max(last, end);
    }
    b.message = -1;
    b.chainEnd = 0;
  }
}

const at = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.floor(p * (xs.length - 1))] ?? NaN;
const f = (x: number) => x.toFixed(2).padStart(7);
console.log('message'.padEnd(64), '    n   in PostgreSQL (median, p90)   gap before (median, p90)');
for (let i = 0; times.has(i); i++) {
  const g = gaps.get(i) ?? [];
  console.log(`${String(i).padStart(2)} ${labels.get(i)!.padEnd(61)} ${String(times.get(i)!.length).padStart(5)} ${f(at(times.get(i)!, 0.5))} ${f(at(times.get(i)!, 0.9))}            ${g.length ? `${f(at(g, 0.5))} ${f(at(g, 0.9))}` : ''}`);
}
const sum = holds.reduce((x, y) => x + y, 0);
const span = last - first;
console.log(`\n${holds.length} sales in ${(span / 1000).toFixed(2)} s (${(holds.length / (span / 1000)).toFixed(1)}/s); the stock journal's chain held, once had: mean ${(sum / holds.length).toFixed(1)} ms, median ${at(holds, 0.5).toFixed(1)} ms (one chain at a time: ${(1000 / (sum / holds.length)).toFixed(1)} sales/s); held ${((100 * sum) / span).toFixed(0)} % of the run`);
