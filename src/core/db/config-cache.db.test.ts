import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from './connect';
import { requestConfigVersion, runInRequestScope, setRequestConfigVersion } from './request-key';
import { withTx } from './tx';
import { forgetInTx, memoInTx } from './tx-memo';
import { freshDemoDatabase } from '../../../tests/support/run-templates';
import { entityByName } from '../../modules/registry';
import { VERSIONED, VERSIONED_TABLES } from './config-cache';

/**
 * config-cache.ts and the configuration versions of migrations/0037 (and 0038, the e-invoicing units): a read of versioned entities is kept between
 * transactions for the request's version only; a write of them in the request reads afresh for the rest of it; the
 * version moves once per committed transaction that wrote a versioned table, whoever wrote it.
 */
let db: Database;
beforeAll(async () => { db = await freshDemoDatabase(); });
afterAll(async () => { await db?.close(); });

const version = async (companyId = 1) => String((await db.orm.execute(sql`SELECT coalesce((SELECT version FROM config_versions WHERE company_id = ${companyId}), 0)::text AS v`)).rows[0]!.v);

describe('configuration kept between requests', () => {
  it('answers a later transaction of the same version from memory, and reads again at another version', async () => {
    let loads = 0;
    const read = (tx: object) => memoInTx(tx, ['company', 'tax'], 'probe:1', async () => ({ n: ++loads }), 1);
    await runInRequestScope(async () => {
      setRequestConfigVersion(1, '7');
      expect((await withTx(db, read)).n).toBe(1);
      expect((await withTx(db, read)).n).toBe(1);
    });
    await runInRequestScope(async () => {
      setRequestConfigVersion(1, '7');
      expect((await withTx(db, read)).n).toBe(1);
      setRequestConfigVersion(1, '8');
      expect((await withTx(db, read)).n).toBe(2);
      expect((await withTx(db, read)).n).toBe(2);
    });
    // another company's version, no version, or no company: read afresh every time
    await runInRequestScope(async () => {
      setRequestConfigVersion(2, '8');
      expect((await withTx(db, read)).n).toBe(3);
    });
    expect((await withTx(db, read)).n).toBe(4);
    await runInRequestScope(async () => {
      setRequestConfigVersion(1, '8');
      const loose = (tx: object) => memoInTx(tx, ['company'], 'loose', async () => ++loads);
      expect(await withTx(db, loose)).toBe(5);
      expect(await withTx(db, loose)).toBe(6);
      // a read that depends on an entity not versioned (products change with every import) is not kept
      const product = (tx: object) => memoInTx(tx, ['product'], 'product:1', async () => ++loads, 1);
      expect(await withTx(db, product)).toBe(7);
      expect(await withTx(db, product)).toBe(8);
    });
  });

  it('reads afresh once the request wrote what a read depends on, in this transaction and in the next', async () => {
    let loads = 0;
    const read = (tx: object) => memoInTx(tx, ['accountingSettings'], 'settings:1', async () => ++loads, 1);
    await runInRequestScope(async () => {
      setRequestConfigVersion(1, '20');
      expect(await withTx(db, read)).toBe(1);
      await withTx(db, async (tx) => {
        expect(await read(tx)).toBe(1);
        forgetInTx(tx, 'salesOrder'); // not configuration: nothing changes
        expect(await read(tx)).toBe(1);
        expect(requestConfigVersion(1)).toBe('20');
        forgetInTx(tx, 'accountingSettings');
        expect(await read(tx)).toBe(2);
        expect(await read(tx)).toBe(2);
      });
      expect(requestConfigVersion(1)).toBeUndefined();
      expect(await withTx(db, read)).toBe(3);
    });
    // what the writing request read was not kept: version 20 still answers the first read
    await runInRequestScope(async () => {
      setRequestConfigVersion(1, '20');
      expect(await withTx(db, read)).toBe(1);
    });
  });

  it('keeps values frozen, so a caller cannot change them for the next request', async () => {
    const read = (tx: object) => memoInTx(tx, ['tax'], 'frozen:1', async () => ({ rows: [{ rate: '15' }] }), 1);
    await runInRequestScope(async () => {
      setRequestConfigVersion(1, '30');
      await withTx(db, read);
      const kept = await withTx(db, read);
      expect(() => { (kept.rows[0] as { rate: string }).rate = '0'; }).toThrow(TypeError);
      expect(() => { kept.rows.push({ rate: '5' }); }).toThrow(TypeError);
      expect((await withTx(db, read)).rows).toEqual([{ rate: '15' }]);
    });
  });
});

describe('configuration versions', () => {
  it('are moved by every table whose entity is kept (config-cache.ts VERSIONED), and by no other', async () => {
    const r = await db.orm.execute(sql`SELECT c.relname AS t FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid WHERE g.tgname = 'config_version' ORDER BY 1`);
    expect(r.rows.map((x) => x.t)).toEqual([...VERSIONED].map((e) => VERSIONED_TABLES[e] ?? entityByName(e).table).sort());
  });

  it('move once per committed transaction that wrote a versioned table, by any path; not on rollback or other tables', async () => {
    const v0 = Number(await version());
    // two tables, several rows, one transaction: one step
    await withTx(db, async (tx) => {
      await tx.execute(sql`UPDATE taxes SET description = 'x' WHERE company_id = 1`);
      await tx.execute(sql`UPDATE accounts SET name_en = name_en WHERE company_id = 1 AND code IN ('1101', '1102')`);
    });
    expect(Number(await version())).toBe(v0 + 1);
    for (const table of ['companies', 'accounting_settings', 'sales_settings', 'price_lists', 'journals']) {
      const where = table === 'companies' ? sql`id = 1` : sql`company_id = 1`;
      await db.orm.execute(sql`UPDATE ${sql.raw(table)} SET updated_at = updated_at WHERE ${where}`);
    }
    expect(Number(await version())).toBe(v0 + 6);
    await expect(withTx(db, async (tx) => {
      await tx.execute(sql`UPDATE accounting_settings SET updated_at = now() WHERE company_id = 1`);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    await db.orm.execute(sql`UPDATE contacts SET updated_at = updated_at WHERE company_id = 1`);
    expect(Number(await version())).toBe(v0 + 6);
    // an e-invoicing unit: made, activated and removed move it; signing an invoice (its counter and hash) does not
    const [unit] = (await db.orm.execute(sql`INSERT INTO zatca_units (company_id, name, serial_number, private_key, last_hash)
      VALUES (1, 'Till 1', '1-Daftar|2-1|3-x', 'k', 'h') RETURNING id`)).rows as { id: number }[];
    await db.orm.execute(sql`UPDATE zatca_units SET status = 'active' WHERE id = ${unit!.id}`);
    await db.orm.execute(sql`UPDATE zatca_units SET last_icv = last_icv + 1, last_hash = 'h2', updated_at = now() WHERE id = ${unit!.id}`);
    expect(Number(await version())).toBe(v0 + 8);
    await db.orm.execute(sql`DELETE FROM zatca_units WHERE id = ${unit!.id}`);
    expect(Number(await version())).toBe(v0 + 9);
  });
});
