import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../../core/auth/password';
import type { Database } from '../../../core/db/connect';
import { tableOf } from '../../../core/db/entity-table';
import { systemSettings } from '../../../core/db/system.schema';
import { type Tx, withTx } from '../../../core/db/tx';
import { runCompanySetup } from '../../../core/tenancy/company-setup';
import { company } from '../model/company.entity';
import { user } from '../model/user.entity';

/**
 * Creating a company with its first administrator: used by sign-up and by the first start. Runs every module's
 * company setup in the same transaction, so a company is never half-made.
 */
export interface NewCompany {
  nameEn: string; nameAr: string; currency: string;
  username: string; fullName: string; password: string;
  defaultLanguage?: 'en' | 'ar';
}

export async function createCompanyWithAdmin(tx: Tx, input: NewCompany, demo: boolean): Promise<{ companyId: number; userId: number }> {
  const c = tableOf(company);
  const u = tableOf(user);
  const [co] = await tx.insert(c).values({
    nameEn: input.nameEn, nameAr: input.nameAr, currency: input.currency.toUpperCase(), currencyDecimals: 2,
    fiscalYearStartMonth: 1, fiscalYearStartDay: 1, defaultLanguage: input.defaultLanguage ?? 'en',
  }).returning({ id: c.id });
  const [us] = await tx.insert(u).values({
    companyId: co!.id, username: input.username, fullName: input.fullName, isSuperuser: true, isActive: true,
    preferredLanguage: input.defaultLanguage ?? null, passwordHash: await hashPassword(input.password),
  }).returning({ id: u.id });
  await tx.update(c).set({ createdBy: us!.id, updatedBy: us!.id }).where(eq(c.id, co!.id));
  await runCompanySetup(tx, co!.id, { demo, userId: us!.id });
  return { companyId: co!.id, userId: us!.id };
}

/** First start: when no user exists, make the first admin (the instance administrator) and its company. */
export async function ensureFirstAdmin(db: Database, env: { ADMIN_PASSWORD?: string; DEMO_DATA?: string }): Promise<{ created: boolean; username: string; password?: string }> {
  const demo = env.DEMO_DATA !== 'off';
  return withTx(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7355609)`);
    const [n] = await tx.select({ n: count() }).from(tableOf(user));
    if (Number(n!.n) > 0) return { created: false, username: 'admin' };
    const password = env.ADMIN_PASSWORD || (demo ? 'admin123' : crypto.randomUUID().slice(0, 16));
    const { userId } = await createCompanyWithAdmin(tx, {
      nameEn: demo ? 'Daftar Demo Trading Co.' : 'My Company', nameAr: demo ? 'شركة دفتر التجارية التجريبية' : 'شركتي',
      currency: 'SAR', username: 'admin', fullName: 'Administrator', password,
    }, demo);
    await tx.insert(systemSettings).values({ id: 1, signupEnabled: true, ownerUserId: userId })
      .onConflictDoUpdate({ target: systemSettings.id, set: { ownerUserId: userId } });
    return { created: true, username: 'admin', password };
  });
}
