/**
 * Writes the next SQL migration from the entity registry + system tables, with drizzle-kit's own differ.
 * (drizzle-kit's CLI wants tables as static named exports; ours derive from entity definitions.)
 *   npm run db:generate -- <name>            diff the schema into migrations/NNNN_<name>.sql
 *   npm run db:generate -- <name> --custom   an empty SQL migration to write by hand (functions, triggers)
 */
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../src/core/db/connect';
import * as schema from '../src/core/db/schema';

const name = process.argv[2] ?? 'change';
const custom = process.argv.includes('--custom');
const journalPath = join(MIGRATIONS_DIR, 'meta/_journal.json');
const journal = existsSync(journalPath)
  ? JSON.parse(readFileSync(journalPath, 'utf8'))
  : { version: '7', dialect: 'postgresql', entries: [] as { idx: number; tag: string }[] };
const last = journal.entries.at(-1);
const pad = (n: number) => String(n).padStart(4, '0');
const prev = last
  ? JSON.parse(readFileSync(join(MIGRATIONS_DIR, `meta/${pad(last.idx)}_snapshot.json`), 'utf8'))
  : generateDrizzleJson({});

const imports = { ...schema, ...schema.entityTables, ...schema.junctionTables } as Record<string, unknown>;
const cur = custom ? { ...prev, id: crypto.randomUUID(), prevId: prev.id } : generateDrizzleJson(imports, prev.id);
const statements = custom ? ['-- write the SQL of this migration here'] : await generateMigration(prev, cur);
if (!statements.length) {
  console.log('schema unchanged: no migration written');
  process.exit(0);
}
const idx = last ? last.idx + 1 : 0;
const tag = `${pad(idx)}_${name}`;
writeFileSync(join(MIGRATIONS_DIR, `${tag}.sql`), statements.join('\n--> statement-breakpoint\n') + '\n');
writeFileSync(join(MIGRATIONS_DIR, `meta/${pad(idx)}_snapshot.json`), JSON.stringify(cur, null, 2));
journal.entries.push({ idx, version: '7', when: Date.now(), tag, breakpoints: true });
writeFileSync(journalPath, JSON.stringify(journal, null, 2));
console.log(`wrote migrations/${tag}.sql (${statements.length} statements)`);
