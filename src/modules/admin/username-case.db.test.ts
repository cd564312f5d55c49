import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../../core/db/connect';
import { isUniqueViolation } from '../../core/db/tx';
import { type TestApp, testApp } from '../../../tests/support/test-app';

/**
 * The migration that makes usernames unique whatever their case refuses to run while accounts differ only in
 * case, and names them; once they are renamed it creates the index.
 */
let t: TestApp;
let db: TestApp['db'];
beforeAll(async () => { t = await testApp(); db = t.db; });
afterAll(async () => { await t?.close(); });

/** The hand-written statements of the migration that creates users_username_lower_uq. */
function migrationStatements(): string[] {
  const file = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'))
    .find((f) => readFileSync(join(MIGRATIONS_DIR, f), 'utf8').includes('CREATE UNIQUE INDEX "users_username_lower_uq"'));
  expect(file).toBeTruthy();
  const text = readFileSync(join(MIGRATIONS_DIR, file!), 'utf8');
  return text.slice(text.indexOf('-- hand-written below')).split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean);
}

function messagesOf(e: unknown): string {
  const out: string[] = [];
  for (let cur = e as { message?: string; cause?: unknown } | undefined, i = 0; cur && i < 4; cur = cur.cause as typeof cur, i++) out.push(String(cur.message));
  return out.join(' | ');
}

const addUser = (name: string) => db.orm.execute(sql`INSERT INTO users (company_id, username, full_name) SELECT company_id, ${name}, ${name} FROM users WHERE username = 'admin'`);

describe('case-insensitive unique usernames (migration)', () => {
  it('names the accounts that differ only in case, then creates the index once they are renamed', async () => {
    await db.orm.execute(sql`DROP INDEX users_username_lower_uq`);
    for (const n of ['Carol', 'carol', 'DAVE', 'dave', 'Dave', 'erin']) await addUser(n);
    const run = async () => { for (const s of migrationStatements()) await db.orm.execute(sql.raw(s)); };
    const failure = await run().then(() => null, (e: unknown) => messagesOf(e));
    expect(failure).toContain('Usernames that differ only in case must be renamed before this migration: Carol, carol; DAVE, Dave, dave');
    expect(failure).not.toContain('erin');
    await db.orm.execute(sql`UPDATE users SET username = username || '2' WHERE username IN ('carol', 'dave', 'Dave')`);
    await db.orm.execute(sql`UPDATE users SET username = 'dave3' WHERE username = 'Dave2'`);
    await run();
    const dup = await addUser('CAROL').then(() => null, (e: unknown) => e);
    expect(isUniqueViolation(dup)).toMatchObject({ constraint: 'users_username_lower_uq' });
  });
});
