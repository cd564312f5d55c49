import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../../src/core/db/connect';

/** Where the migrated template databases live; named by a hash of the migrations so a change rebuilds them. */
export function migrationsHash(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort()) h.update(f).update(readFileSync(join(MIGRATIONS_DIR, f)));
  return h.digest('hex').slice(0, 12);
}

export const pgliteTemplatePath = () => join(tmpdir(), `daftar-pglite-template-${migrationsHash()}.tar.gz`);
export const pgTemplateName = () => `daftar_tpl_${migrationsHash()}`;
export const testDbKind = (): 'pglite' | 'postgres' => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

export function urlFor(dbName: string): string {
  const u = new URL(adminUrl());
  u.pathname = '/' + dbName;
  return u.toString();
}
