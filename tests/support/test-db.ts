import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../src/core/db/connect';
import { adminUrl, pgliteTemplatePath, pgTemplateName, testDbKind, urlFor } from './template';

/** A fresh database for one test file, cloned from the migrated template (see global-setup.ts). */
export async function freshDatabase(): Promise<Database & { url?: string }> {
  if (testDbKind() === 'pglite') {
    const blob = new Blob([readFileSync(pgliteTemplatePath())]);
    return openPglite({ loadDataDir: blob });
  }
  const name = `daftar_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  for (let i = 0; ; i++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplateName()}`);
      break;
    } catch (e) {
      if (i > 20) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const db = await openPostgres(urlFor(name), 12);
  return {
    ...db,
    url: urlFor(name),
    async close() {
      await db.close();
      const a = new pg.Client({ connectionString: adminUrl() });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await a.end();
    },
  };
}
