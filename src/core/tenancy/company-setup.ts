import type { Tx } from '../db/tx';

/**
 * What each module creates for a new company (default chart of accounts, journals, warehouses...). Modules
 * register an imported function at server start; sign-up and the first start call them in the company's
 * creation transaction, in registration order.
 */
export type CompanySetup = (tx: Tx, companyId: number, opts: { demo: boolean; userId: number }) => Promise<void>;

const steps: { name: string; run: CompanySetup }[] = [];

export function registerCompanySetup(name: string, run: CompanySetup): void {
  if (!steps.some((s) => s.name === name)) steps.push({ name, run });
}

export async function runCompanySetup(tx: Tx, companyId: number, opts: { demo: boolean; userId: number }): Promise<void> {
  for (const s of steps) await s.run(tx, companyId, opts);
}
