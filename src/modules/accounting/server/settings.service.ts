import { eq } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Orm } from '../../../core/db/connect';
import type { Tx } from '../../../core/db/tx';
import type { Locale } from '../../../core/i18n/locale';
import { tr } from '../../../core/i18n/locale';
import { accountingSettings } from '../model/accounting-settings.entity';
import { ledgerError } from './ledger.validate';
import { am } from './messages';
import { memoInTx } from '../../../core/db/tx-memo';

/** The company's accounting settings row (made with the company by the default chart). */
export type AccountingSettings = Record<string, unknown> & {
  lockDate: string | null; fiscalYearStartMonth: number; fiscalYearStartDay: number; currency: string;
};

export async function loadSettings(tx: Tx | Orm, companyId: number): Promise<AccountingSettings> {
  // read once per transaction (core/db/tx-memo.ts); a copy each time, for callers that add to it
  const row = await memoInTx(tx, ['accountingSettings'], `accountingSettings:${companyId}`, async () => {
    const t = tableOf(accountingSettings);
    return (await tx.select().from(t).where(eq(t.companyId, companyId)).limit(1))[0];
  }, companyId);
  return { ...(row ?? { lockDate: null, fiscalYearStartMonth: 1, fiscalYearStartDay: 1, currency: 'SAR' }) } as AccountingSettings;
}

/** A default account or journal id from the settings, or a 422 naming the missing setting. */
export function setting(s: AccountingSettings, key: keyof typeof accountingSettings.fields, locale: Locale): number {
  const v = s[key];
  if (typeof v === 'number') return v;
  throw ledgerError(am.settingMissing, { setting: tr(accountingSettings.fields[key].label, locale) }, locale, key);
}
