import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTx, type Tx } from '../db/tx';
import type { Ctx } from '../http/context';
import { ctxOf } from '../../../tests/support/ctx';
import { type Client, type TestApp, testApp } from '../../../tests/support/test-app';
import { forgetInTx, noteReadInTx } from '../db/tx-memo';
import { missingRecords } from './crud.references';

/**
 * missingRecords (crud.references.ts): the references no field declares (ids inside jsonb lines), checked through the
 * registry as a ref field's are: a record of another company, an id no record has and an id out of range are
 * missing; the company's own are not; a tenant entity's only record is the caller's company; nothing is read
 * without an id to look up.
 */
let t: TestApp;
let other: Client;
let ctx: Ctx;
let otherCtx: Ctx;
const contact = async (c: Client, name: string) => {
  const r = await c.post('/api/contacts/contacts', { kind: 'company', name, isCustomer: true });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as number;
};

beforeAll(async () => {
  t = await testApp();
  const su = await t.anon().post('/api/auth/signup', { companyNameEn: 'Refs Other Co', companyNameAr: 'شركة أخرى', currency: 'SAR', username: 'refs-other', fullName: 'Other', password: 'other-pass-1' });
  expect(su.statusCode, su.body).toBe(201);
  other = await t.login('refs-other', 'other-pass-1');
  ctx = await ctxOf(t);
  otherCtx = await ctxOf(t, other);
});
afterAll(async () => { await t?.close(); });

const missing = (c: Ctx, target: string, ids: number[]) => withTx(t.db, (tx) => missingRecords(tx, c, target, ids));

describe('missingRecords', () => {
  it("answers the ids that name no record of the entity in the caller's company", async () => {
    const [a, b] = [await contact(t.admin, 'Ours A'), await contact(t.admin, 'Ours B')];
    const theirs = await contact(other, 'Theirs');
    expect(await missing(ctx, 'contact', [a, b, a])).toEqual(new Set());
    expect(await missing(ctx, 'contact', [a, theirs, 2147480000, b])).toEqual(new Set([theirs, 2147480000]));
    // the other way round too: each company sees its own only
    expect(await missing(otherCtx, 'contact', [a, theirs])).toEqual(new Set([a]));
  });

  it('takes ids out of range as missing without sending them to the database', async () => {
    const a = await contact(t.admin, 'Ours C');
    const odd = [0, -1, 1.5, 2147483648, Number.NaN];
    expect(await missing(ctx, 'contact', [a, ...odd])).toEqual(new Set(odd));
    // nothing to look up: no statement at all
    const none = { execute: () => { throw new Error('no statement expected'); } } as unknown as Tx;
    expect(await missingRecords(none, ctx, 'contact', [])).toEqual(new Set());
    expect(await missingRecords(none, ctx, 'contact', [0, 2147483648])).toEqual(new Set([0, 2147483648]));
  });

  it('does not read again what the transaction read as the company\'s, until it writes the entity', async () => {
    const a = await contact(t.admin, 'Ours D');
    await withTx(t.db, async (tx) => {
      let statements = 0;
      const execute = tx.execute.bind(tx);
      // counted on the transaction object itself: what it read is noted against that object
      const counting = Object.assign(tx, { execute: ((q: Parameters<Tx['execute']>[0]) => { statements++; return execute(q); }) as Tx['execute'] });
      noteReadInTx(tx, 'contact', [a]);
      expect(await missingRecords(counting, ctx, 'contact', [a])).toEqual(new Set());
      expect(statements).toBe(0);
      // a record not read is looked up; after the transaction writes the entity, what it read is read again
      expect(await missingRecords(counting, ctx, 'contact', [a, 2147480000])).toEqual(new Set([2147480000]));
      forgetInTx(tx, 'contact');
      expect(await missingRecords(counting, ctx, 'contact', [a])).toEqual(new Set());
      expect(statements).toBe(2);
    });
  });

  it("scopes a tenant entity to the caller's company itself, and refuses an unknown entity", async () => {
    expect(await missing(ctx, 'company', [ctx.companyId])).toEqual(new Set());
    expect(await missing(ctx, 'company', [otherCtx.companyId])).toEqual(new Set([otherCtx.companyId]));
    await expect(missing(ctx, 'noSuchEntity', [1])).rejects.toThrow('unknown entity noSuchEntity');
  });
});
