import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../../core/auth/password';
import type { Database } from '../../../core/db/connect';
import { tableOf } from '../../../core/db/entity-table';
import { systemSettings } from '../../../core/db/system.schema';
import { type Tx, withTx } from '../../../core/db/tx';
import type { Timings } from '../../../core/start-timings';
import { runCompanySetup } from '../../../core/tenancy/company-setup';
import { company } from '../model/company.entity';
import { user } from '../model/user.entity';
import { DEMO_PASSWORD } from './listen-guard';
import type { AddressField } from '../../contacts/model/address-fields';

/**
 * Creating a company with its first administrator: used by sign-up and by the first start. Runs every module's
 * company setup in the same transaction, so a company is never half-made.
 */
export interface NewCompany {
  nameEn: string; nameAr: string; currency: string;
  /** IANA time zone of the company's calendar (validated by the caller); UTC when left out. */
  timeZone?: string;
  /** Country pack code (accounting/model/country-packs); Saudi Arabia when left out, as every company was before packs. */
  country?: string;
  /** First month of the fiscal year, 1-12 (January when left out). */
  fiscalYearStartMonth?: number;
  /** Validated by the caller against the country's pack. */
  taxNumber?: string | null;
  /** Commercial registration and national address (contacts/model/address-fields.ts), validated by the caller. */
  details?: Partial<Record<'crNumber' | AddressField, string>>;
  username: string; fullName: string; password: string;
  defaultLanguage?: 'en' | 'ar';
}

/** The currency's minor units as Intl knows them (BHD, JOD, KWD, OMR: 3), at most 4; 2 when unknown. */
export function currencyDecimals(code: string): number {
  try {
    return Math.min(4, new Intl.NumberFormat('en', { style: 'currency', currency: code.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2);
  } catch {
    return 2;
  }
}

export async function createCompanyWithAdmin(db: Database, tx: Tx, input: NewCompany, demo: boolean, timings?: Timings): Promise<{ companyId: number; userId: number; created: Record<string, number> }> {
  const c = tableOf(company);
  const u = tableOf(user);
  const [co] = await tx.insert(c).values({
    nameEn: input.nameEn, nameAr: input.nameAr, currency: input.currency.toUpperCase(), currencyDecimals: currencyDecimals(input.currency),
    fiscalYearStartMonth: input.fiscalYearStartMonth ?? 1, fiscalYearStartDay: 1, country: input.country ?? 'SA', taxNumber: input.taxNumber || null, defaultLanguage: input.defaultLanguage ?? 'en', timeZone: input.timeZone ?? 'UTC',
    ...input.details,
  }).returning({ id: c.id });
  const [us] = await tx.insert(u).values({
    companyId: co!.id, username: input.username, fullName: input.fullName, isSuperuser: true, isActive: true,
    preferredLanguage: input.defaultLanguage ?? null, passwordHash: await hashPassword(input.password),
  }).returning({ id: u.id });
  await tx.update(c).set({ createdBy: us!.id, updatedBy: us!.id }).where(eq(c.id, co!.id));
  const created: Record<string, number> = {};
  await runCompanySetup(tx, co!.id, { demo, userId: us!.id, timeZone: input.timeZone ?? 'UTC', language: input.defaultLanguage ?? 'en', db, created, timings });
  return { companyId: co!.id, userId: us!.id, created };
}

/**
 * The demo company's registration: a valid Saudi VAT number, its CR and national address in both languages (the
 * structured fields), and its one-line address in its default language, English.
 */
export const DEMO_COMPANY = {
  taxNumber: '310122393500003',
  details: {
    crNumber: '1010123456', buildingNumber: '2121', street: 'King Abdulaziz Road', streetAr: 'طريق الملك عبدالعزيز', district: 'Al Malqa',
    districtAr: 'الملقا', city: 'Riyadh', cityAr: 'الرياض', postalCode: '13521', additionalNumber: '8523',
    address: '2121 King Abdulaziz Road, Al Malqa, Riyadh 13521',
  },
};

/** First start: when no user exists, make the first admin (the instance administrator) and its company. */
export async function ensureFirstAdmin(db: Database, env: { ADMIN_PASSWORD?: string; DEMO_DATA?: string }, timings?: Timings): Promise<{ created: boolean; username: string; password?: string; demo?: Record<string, number> }> {
  const demo = env.DEMO_DATA !== 'off';
  return withTx(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7355609)`);
    const [n] = await tx.select({ n: count() }).from(tableOf(user));
    if (Number(n!.n) > 0) return { created: false, username: 'admin' };
    const password = env.ADMIN_PASSWORD || (demo ? DEMO_PASSWORD : crypto.randomUUID().slice(0, 16));
    const { userId, created } = await createCompanyWithAdmin(db, tx, {
      nameEn: demo ? 'Daftar Demo Trading Co.' : 'My Company', nameAr: demo ? 'شركة دفتر التجارية التجريبية' : 'شركتي',
      currency: 'SAR', country: 'SA', timeZone: demo ? 'Asia/Riyadh' : 'UTC', username: 'admin', fullName: 'Administrator', password,
      // the demo company is registered for VAT: its sale invoices print as Saudi tax invoices with the ZATCA QR
      ...(demo && { taxNumber: DEMO_COMPANY.taxNumber, details: DEMO_COMPANY.details }),
    }, demo, timings);
    await tx.insert(systemSettings).values({ id: 1, signupEnabled: true, ownerUserId: userId })
      .onConflictDoUpdate({ target: systemSettings.id, set: { ownerUserId: userId } });
    return { created: true, username: 'admin', password, ...(demo && { demo: created }) };
  });
}
