import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testAppWith } from '../../../tests/support/test-app';
import { type Kit, kit } from '../../modules/accounting/server/test-kit';
import { registeredJobs, Scheduler } from '../jobs/scheduler';
import { systemCtx } from './system-ctx';

/** The system actor: made once per company, audited as such, never signs in, never edited; overdue runs as it. */
let t: TestApp;
let k: Kit;
beforeAll(async () => { ({ t, k } = await testAppWith(kit)); });
afterAll(async () => { await t?.close(); });

describe('system context', () => {
  it('the overdue job runs on the scheduler as the company\'s system actor, and its audit rows say so', async () => {
    const partnerId = await k.contact();
    const inv = (await t.admin.post('/api/accounting/invoices', { type: 'SALE', partnerId, date: '2026-01-01', paymentTermDays: 10,
      lines: [{ description: 'Work', quantity: '1', unitPrice: '100' }] })).json();
    await t.admin.post(`/api/accounting/invoices/${inv.id}/confirm`, {});
    const overdue = registeredJobs().filter((j) => j.name === 'accounting.overdue');
    expect(overdue).toHaveLength(1);
    expect(await new Scheduler(t.db, overdue).tick()).toEqual({ ran: ['accounting.overdue@1'], failed: [] });
    expect((await t.admin.get(`/api/accounting/invoices/${inv.id}`)).json().status).toBe('OVERDUE');
    const history = (await t.admin.get(`/api/accounting/invoices/${inv.id}/history`)).json().items;
    expect(history[0]).toMatchObject({ action: 'markOverdue', userName: 'system:1', before: { status: 'CONFIRMED' }, after: { status: 'OVERDUE' } });
    const ctx = await systemCtx(t.db, 1);
    expect(ctx.user).toMatchObject({ username: 'system:1', isSuperuser: true, companyId: 1 });
    expect((await k.q(sql`SELECT count(*)::int AS n FROM users WHERE is_system`))[0]).toEqual({ n: 1 });
  });

  it('the system actor never signs in and nobody edits, deletes or impersonates it', async () => {
    const { user } = await systemCtx(t.db, 1);
    expect((await t.anon().post('/api/auth/login', { username: 'system:1', password: 'whatever-123' })).statusCode).toBe(401);
    const patch = await t.admin.patch(`/api/admin/users/${user.id}`, { isActive: true, password: 'taken-over-1' });
    expect(patch.statusCode).toBe(403);
    expect((await t.admin.del(`/api/admin/users/${user.id}`)).statusCode).toBe(403);
    const fake = await t.admin.post('/api/admin/users', { username: 'System:2', fullName: 'Me', password: 'secret-pass-1' });
    expect(fake.statusCode).toBe(422);
    expect(fake.json().error.fields.username).toMatch(/reserved/);
    const signup = await t.anon('ar').post('/api/auth/signup', { companyNameEn: 'X', companyNameAr: 'س', currency: 'SAR', username: 'system:77', fullName: 'X', password: 'secret-pass-1' });
    expect(signup.statusCode).toBe(422);
    expect(signup.json().error.fields.username).toContain('محجوزة');
  });
});
