import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { withTx } from '../db/tx';
import type { AnyEntity } from '../entity/define';
import type { Ctx } from '../http/context';
import { freshDatabase } from '../../../tests/support/test-db';
import { recordAudit } from './audit';
import { auditMark, auditRollback, takePending } from './audit.buffer';

/**
 * The transaction's audit rows written together before its COMMIT (audit.buffer.ts): they exist exactly when the
 * work committed, in the order recorded, and a savepoint rolled back takes its rows with it, also when the queue was
 * flushed in the middle (more than 500 rows).
 */
let db: Database;
const def = { name: 'auditProbe' } as unknown as AnyEntity;
const ctx = { companyId: 1, user: { id: null } } as unknown as Ctx;
beforeAll(async () => { db = await freshDatabase(); });
afterAll(async () => { await db?.close(); });

const actions = async (recordId: number) =>
  (await db.orm.execute(sql`SELECT action FROM audit_log WHERE entity = 'auditProbe' AND record_id = ${recordId} ORDER BY id`)).rows.map((r) => r.action);

describe('audit rows of a transaction', () => {
  it('are written at the commit, in the order recorded, and not at all when the transaction fails', async () => {
    await withTx(db, async (tx) => {
      for (const a of ['create', 'confirm', 'pay']) await recordAudit(tx, ctx, def, 1, a, null, { a });
      expect((await tx.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE record_id = 1 AND entity = 'auditProbe'`)).rows[0]!.n).toBe(0);
    });
    expect(await actions(1)).toEqual(['create', 'confirm', 'pay']);
    await expect(withTx(db, async (tx) => {
      await recordAudit(tx, ctx, def, 2, 'create', null, {});
      throw new Error('the work fails');
    })).rejects.toThrow('the work fails');
    expect(await actions(2)).toEqual([]);
  });

  it('keep any text as written (quotes, backslashes, Arabic), and a failing insert at the commit undoes the work', async () => {
    const odd = { note: "it's \\ 'quoted' \"twice\" $$ عربي" };
    await withTx(db, async (tx) => { await recordAudit(tx, ctx, def, 8, 'odd', null, odd); });
    const [row] = (await db.orm.execute(sql`SELECT after FROM audit_log WHERE entity = 'auditProbe' AND record_id = 8`)).rows;
    expect(row!.after).toEqual(odd);
    // a record id past int: the insert fails in the COMMIT's message, so the COMMIT is skipped and nothing stays
    await expect(withTx(db, async (tx) => {
      await tx.execute(sql`INSERT INTO audit_log (company_id, entity, record_id, action) VALUES (1, 'auditProbe', 9, 'work')`);
      await recordAudit(tx, ctx, def, 2 ** 40, 'too big', null, {});
    })).rejects.toThrow();
    expect(await actions(9)).toEqual([]);
  });

  it('drops the rows of a savepoint rolled back, also when the queue was flushed inside it', async () => {
    await withTx(db, async (tx) => {
      await recordAudit(tx, ctx, def, 3, 'kept', null, {});
      const mark = await auditMark(tx);
      await tx.execute(sql`SAVEPOINT probe`);
      for (let i = 0; i < 520; i++) await recordAudit(tx, ctx, def, 4, 'undone', null, { i });
      await tx.execute(sql`ROLLBACK TO SAVEPOINT probe`);
      auditRollback(tx, mark);
      await recordAudit(tx, ctx, def, 3, 'after', null, {});
    });
    expect(await actions(3)).toEqual(['kept', 'after']);
    expect(await actions(4)).toEqual([]);
  });

  it('hands a record\'s pending rows to a statement that writes them itself, and writes at once outside withTx', async () => {
    await withTx(db, async (tx) => {
      await recordAudit(tx, ctx, def, 5, 'create', null, {});
      await recordAudit(tx, ctx, def, 6, 'create', null, {});
      expect(takePending(tx, 'auditProbe', 5).map((r) => r.action)).toEqual(['create']);
    });
    expect(await actions(5)).toEqual([]);
    expect(await actions(6)).toEqual(['create']);
    await db.orm.transaction(async (tx) => { await recordAudit(tx as never, ctx, def, 7, 'raw', null, {}); });
    expect(await actions(7)).toEqual(['raw']);
  });
});
