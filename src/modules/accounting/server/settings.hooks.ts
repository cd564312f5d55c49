import { registerHooks } from '../../../core/entity/hooks';
import { accountingSettings } from '../model/accounting-settings.entity';

/** The fiscal year end follows from its start (the day before the start, a year later). */
export function fiscalYearEnd(startMonth: number, startDay: number): string {
  const start = new Date(Date.UTC(2001, startMonth - 1, startDay));
  const end = new Date(start.getTime() - 86_400_000);
  return `${String(end.getUTCMonth() + 1).padStart(2, '0')}-${String(end.getUTCDate()).padStart(2, '0')}`;
}

registerHooks(accountingSettings, {
  beforeUpdate(_ctx, _tx, changes, before) {
    const m = (changes.fiscalYearStartMonth ?? before.fiscalYearStartMonth) as number;
    const d = (changes.fiscalYearStartDay ?? before.fiscalYearStartDay) as number;
    changes.fiscalYearEnd = fiscalYearEnd(m, d);
    if (typeof changes.currency === 'string') changes.currency = changes.currency.toUpperCase();
  },
});
