import type { Database } from '../db/connect';
import type { Tx } from '../db/tx';
import type { Ctx } from '../http/context';
import { type Timings, timed } from '../start-timings';

/**
 * What each module creates for a new company (default chart of accounts, journals, warehouses...). Modules
 * register an imported function at server start; sign-up and the first start call them in the company's
 * creation transaction, in registration order.
 */
export interface SetupOpts {
  demo: boolean;
  userId: number;
  /** The new company's IANA time zone. */
  timeZone: string;
  /** The new company's default language: what the defaults and the demo write in free text (inLanguage). */
  language: 'en' | 'ar';
  /** The database whose transaction (`tx`) creates the company: operations called with setupCtx join it. */
  db: Database;
  /** What the demo data made, by kind ("sale invoices": 36); printed at the first start. */
  created: Record<string, number>;
  /** When given, each step's time is added to it (the first start prints them). */
  timings?: Timings;
}
export type CompanySetup = (tx: Tx, companyId: number, opts: SetupOpts) => Promise<void>;

const steps: { name: string; run: CompanySetup }[] = [];

export function registerCompanySetup(name: string, run: CompanySetup): void {
  if (!steps.some((s) => s.name === name)) steps.push({ name, run });
}

export async function runCompanySetup(tx: Tx, companyId: number, opts: SetupOpts): Promise<void> {
  for (const s of steps) await timed(opts.timings, s.name, () => s.run(tx, companyId, opts));
}

/**
 * The context of a setup step: the company's first administrator (a superuser of the company), in English, in the
 * company's zone. The public services and the generic operations (ops.*) called with it inside the step join the
 * company's creation transaction, so demo documents go through the same validation, hooks, numbering, postings
 * and audit as a person's.
 */
export function setupCtx(companyId: number, opts: SetupOpts): Ctx {
  return {
    db: opts.db, locale: 'en', companyId, timeZone: opts.timeZone, permissions: new Set(),
    user: {
      id: opts.userId, username: 'admin', fullName: 'Administrator', companyId, isSuperuser: true, isInstanceAdmin: false,
      preferredLanguage: null, avatar: null, mustChangePassword: false,
    },
  };
}

/**
 * A free text the setup writes (a description, a note, an address, a line's description) in the company's default
 * language, as its people would type it: one language, not both joined in one field. Names have both (`nameAr`).
 */
export const inLanguage = (opts: Pick<SetupOpts, 'language'>, en: string, ar: string): string => (opts.language === 'ar' ? ar : en);

/** Adds `n` to what the demo made of `kind`. */
export function counted(opts: SetupOpts, kind: string, n = 1): void {
  opts.created[kind] = (opts.created[kind] ?? 0) + n;
}
