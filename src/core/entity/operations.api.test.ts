import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type TestApp, testAppWith } from '../../../tests/support/test-app';
import { type Kit, cr, dr, kit } from '../../modules/accounting/server/test-kit';
import { invoice } from '../../modules/accounting/model/invoice.entity';
import { journalEntry } from '../../modules/accounting/model/journal-entry.entity';
import { loadSession } from '../auth/sessions';
import { withTx } from '../db/tx';
import type { Ctx } from '../http/context';
import { AppError } from '../http/errors';
import { ops } from './operations';

/**
 * The generic operations called from code compose in one transaction (an error in the last step leaves nothing of
 * the first ones: rows, numbers, postings, audit) and check the permissions of the acting user.
 */
let t: TestApp;
let k: Kit;
let partnerId: number;
beforeAll(async () => {
  ({ t, k } = await testAppWith(kit));
  partnerId = await k.contact();
});
afterAll(async () => { await t?.close(); });

async function ctxOf(c: Client): Promise<Ctx> {
  const sid = /sid=([^;]+)/.exec(c.cookie)![1]!;
  const s = (await loadSession(t.db, sid))!;
  return { db: t.db, locale: 'en', user: s.user, companyId: s.user.companyId, timeZone: s.timeZone, permissions: s.permissions };
}

const counts = async () => (await k.q<{ invoices: number; entries: number; lines: number; audits: number; numbers: number }>(sql`SELECT
  (SELECT count(*)::int FROM invoices) AS invoices, (SELECT count(*)::int FROM journal_entries) AS entries,
  (SELECT count(*)::int FROM journal_lines) AS lines, (SELECT count(*)::int FROM audit_log) AS audits,
  (SELECT coalesce(sum(next_value), 0)::int FROM doc_sequences) AS numbers`))[0]!;

const saleBody = () => ({ type: 'SALE', partnerId, date: '2026-04-01', paymentTermDays: 30, lines: [{ description: 'Work', quantity: '1', unitPrice: '100' }] });

/** Create an invoice, confirm it, and create a posted journal entry with `lines`, in one transaction. */
const compose = (ctx: Ctx, lines: unknown[]) => withTx(t.db, async () => {
  const inv = await ops.create(ctx, invoice, saleBody());
  const confirmed = await ops.transition(ctx, invoice, inv.id, 'confirm');
  const entry = await ops.create(ctx, journalEntry, { journalId: k.jr('GEN'), date: '2026-04-01', reference: 'composed', lines, post: true });
  return { confirmed, entry };
});

describe('operations compose in one transaction', () => {
  it('create + confirm an invoice + a posted journal entry commit together', async () => {
    const ctx = await ctxOf(t.admin);
    const before = await counts();
    const { confirmed, entry } = await compose(ctx, [dr(k.acc('1101'), '10'), cr(k.acc('4101'), '10')]);
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', number: 'INV/2026/00001' });
    expect(entry).toMatchObject({ status: 'posted' });
    const after = await counts();
    expect(after.invoices - before.invoices).toBe(1);
    expect(after.entries - before.entries).toBe(2);
    const audits = await k.q<{ action: string; user_id: number }>(sql`SELECT action, user_id FROM audit_log WHERE entity = 'invoice' AND record_id = ${confirmed.id} ORDER BY id`);
    expect(audits).toEqual([{ action: 'create', user_id: ctx.user.id }, { action: 'confirm', user_id: ctx.user.id }]);
  });

  it('when the last step fails, nothing of the first two remains (row, number, posting, audit)', async () => {
    const ctx = await ctxOf(t.admin);
    const before = await counts();
    const err = await compose(ctx, [dr(k.acc('1101'), '10'), cr(k.acc('4101'), '9')]).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(422);
    expect(await counts()).toEqual(before);
    // the number the rolled back confirm took is free again
    const inv = await ops.create(ctx, invoice, saleBody());
    expect((await ops.transition(ctx, invoice, inv.id, 'confirm')).number).toBe('INV/2026/00002');
  });
});

describe('operations check the acting user\'s permissions', () => {
  it('a user may do what their groups allow and nothing more, each step checked', async () => {
    const g = (await t.admin.post('/api/admin/groups', { name: 'Invoice clerks', permissions: ['accounting.invoice.view', 'accounting.invoice.add'] })).json();
    expect((await t.admin.post('/api/admin/users', { username: 'clerk', fullName: 'Clerk', password: 'secret-pass-1', groups: [g.id] })).statusCode).toBe(201);
    const clerk = await ctxOf(await t.login('clerk', 'secret-pass-1'));
    const before = await counts();
    const refused = await compose(clerk, [dr(k.acc('1101'), '10'), cr(k.acc('4101'), '10')]).catch((e) => e);
    expect([(refused as AppError).status, (refused as AppError).code]).toEqual([403, 'forbidden']);
    expect(await counts()).toEqual(before); // the create it was allowed rolled back with the refused confirm
    const draft = await ops.create(clerk, invoice, saleBody());
    expect(draft.status).toBe('DRAFT');
    for (const attempt of [
      () => ops.update(clerk, invoice, draft.id, { reference: 'x' }),
      () => ops.remove(clerk, invoice, draft.id),
      () => ops.action(clerk, invoice, draft.id, 'recordPayment', { amount: '1' }),
      () => ops.write(clerk, invoice, draft.id, { status: 'PAID' }, { audit: 'creditNote' }),
      () => ops.create(clerk, journalEntry, { journalId: k.jr('GEN'), date: '2026-04-01', lines: [] }),
    ]) await expect(attempt()).rejects.toMatchObject({ status: 403 });
    expect((await ops.remove(await ctxOf(t.admin), invoice, draft.id))).toBeUndefined();
  });
});
