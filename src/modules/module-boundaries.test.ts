import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entities } from './registry';

/**
 * Modules use each other only through their public entry (docs/ARCHITECTURE.md, "Modules and their public entry"):
 * - imports: a file of module M imports from another module N only N's `index.ts` (server code: not from M's
 *   `web/`, whose bundle must not pull server code) or N's `model/` (isomorphic definitions, no behaviour);
 * - tables: M's server code (tests and benchmarks aside: they check and measure through the database; web code
 *   only calls the HTTP API, whose definitions it may look up by name) never names in SQL
 *   a table of a module that has an `index.ts` (its entity tables and its `*.schema.ts` tables), nor looks its
 *   entities up by name (entityByName): it calls N's index.ts, which may export an SQL fragment for a hot path's
 *   single statement (accounting's settingsJsonSql).
 * src/modules/registry.ts, src/app.ts and src/web are the composition root and the shell, not modules.
 */
const ROOT = resolve(__dirname);
const SQL_EXEMPT = /(\.test\.ts|test-kit\.ts|\/bench\/|\/web\/)/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return filesUnder(p);
    return /\.(ts|tsx)$/.test(n) ? [p] : [];
  });
}

const moduleNames = readdirSync(ROOT).filter((n) => statSync(join(ROOT, n)).isDirectory());
const hasIndex = (m: string) => { try { return statSync(join(ROOT, m, 'index.ts')).isFile(); } catch { return false; } };

/** What a file at `file` (module `from`) may not import: `spec` resolved, null when allowed. */
export function importViolation(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const own = relative(ROOT, file).split('/')[0]!;
  const target = relative(ROOT, resolve(dirname(file), spec));
  if (target.startsWith('..')) return null;
  const [mod, ...rest] = target.split('/');
  if (!mod || mod === own || !moduleNames.includes(mod) || rest.length === 0 && !moduleNames.includes(mod)) return null;
  const inner = rest.join('/').replace(/\.(ts|tsx|js)$/, '');
  if (inner === 'model' || inner.startsWith('model/')) return null;
  const inWeb = relative(join(ROOT, own), file).startsWith('web/');
  if ((inner === '' || inner === 'index') && !inWeb) return null;
  return target;
}

const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
export function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT_RE)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

/** Tables and entity names each module with a public entry owns. */
function owned(): Map<string, { tables: string[]; entities: string[] }> {
  const out = new Map<string, { tables: string[]; entities: string[] }>();
  for (const m of moduleNames.filter(hasIndex)) {
    const defs = entities.filter((e) => e.module === m);
    const schemaTables = filesUnder(join(ROOT, m)).filter((f) => f.endsWith('.schema.ts'))
      .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/pgTable\(\s*'([a-z0-9_]+)'/g)].map((x) => x[1]!));
    out.set(m, { tables: [...defs.map((e) => e.table), ...schemaTables], entities: defs.map((e) => e.name) });
  }
  return out;
}

/** Another module's tables named in SQL, or its entities looked up by name, in `text` (a file of module `own`). */
export function tableViolations(own: string, text: string, owners = owned()): string[] {
  const found: string[] = [];
  for (const [m, { tables, entities: names }] of owners) {
    if (m === own) continue;
    for (const t of tables) if (new RegExp(`\\b(FROM|JOIN|INTO|UPDATE|TABLE)\\s+${t}\\b`, 'i').test(text)) found.push(`${m}.${t}`);
    for (const n of names) if (text.includes(`entityByName('${n}')`)) found.push(`${m}.${n}`);
  }
  return found;
}

describe('module boundaries', () => {
  const owners = owned();
  const files = moduleNames.flatMap((m) => filesUnder(join(ROOT, m)).map((f) => ({ m, f })));

  it('the checks catch what they are for', () => {
    const inv = join(ROOT, 'inventory/server/x.ts');
    expect(importViolation(inv, '../../accounting')).toBeNull();
    expect(importViolation(inv, '../../accounting/index')).toBeNull();
    expect(importViolation(inv, '../../accounting/model/account.entity')).toBeNull();
    expect(importViolation(inv, './stock.post')).toBeNull();
    expect(importViolation(inv, '../../../core/db/tx')).toBeNull();
    expect(importViolation(inv, '../../accounting/server/ledger.post')).toBe('accounting/server/ledger.post');
    expect(importViolation(join(ROOT, 'inventory/web/X.tsx'), '../../accounting')).toBe('accounting');
    expect(importsOf(`import { a } from '../../accounting/server/x';\nexport { b } from "./y";\nimport './z';\nconst c = import('../w');`))
      .toEqual(['../../accounting/server/x', './y', './z', '../w']);
    expect(owners.get('accounting')!.tables).toEqual(expect.arrayContaining(['accounts', 'journal_entries', 'accounting_settings', 'journal_lines']));
    expect(tableViolations('inventory', 'SELECT 1 FROM accounting_settings WHERE', owners)).toEqual(['accounting.accounting_settings']);
    expect(tableViolations('inventory', "tableOf(entityByName('account'))", owners)).toEqual(['accounting.account']);
    expect(tableViolations('accounting', 'SELECT 1 FROM accounting_settings WHERE', owners)).toEqual([]);
  });

  it("a module imports another only through its index.ts (or its model definitions)", () => {
    const bad = files.flatMap(({ f }) => importsOf(readFileSync(f, 'utf8')).map((s) => importViolation(f, s)).filter((v) => v).map((v) => `${relative(ROOT, f)} -> ${v}`));
    expect(bad).toEqual([]);
  });

  it("a module's code never names the tables of a module that has a public entry", () => {
    const bad = files.filter(({ f }) => !SQL_EXEMPT.test(f))
      .flatMap(({ m, f }) => tableViolations(m, readFileSync(f, 'utf8'), owners).map((v) => `${relative(ROOT, f)}: ${v}`));
    expect(bad).toEqual([]);
  });
});
