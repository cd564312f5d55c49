import { eq, sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { forgetInTx } from '../../../core/db/tx-memo';
import { registerHooks } from '../../../core/entity/hooks';
import { conflict, fieldProblem } from '../../../core/http/errors';
import type { Label } from '../../../core/i18n/locale';
import { company } from '../../admin/model/company.entity';
import { accountingSettings } from '../model/accounting-settings.entity';
import { am } from './messages';

/**
 * The fiscal year end follows from its start (the day before the start, a year later). A start day past its month's
 * end (only rows saved before such days were refused) is read as fiscalYearStart and fiscalYearOf read it: the year
 * starts on the 1st of the next month, so it ends on the month's last day.
 */
export function fiscalYearEnd(startMonth: number, startDay: number): string {
  const last = new Date(Date.UTC(2001, startMonth, 0)).getUTCDate();
  const start = startDay > last ? new Date(Date.UTC(2001, startMonth, 1)) : new Date(Date.UTC(2001, startMonth - 1, startDay));
  const end = new Date(start.getTime() - 86_400_000);
  return `${String(end.getUTCMonth() + 1).padStart(2, '0')}-${String(end.getUTCDate()).padStart(2, '0')}`;
}

/**
 * The last day a fiscal year may start on in each month. February stops at 28: a year "starting on 29 February"
 * would start on 1 March three years in four (core/documents/fiscal-year.ts), so its start would move.
 */
const LAST_START_DAY = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const lastStartDay = (month: number): number => LAST_START_DAY[month - 1] ?? 31;

export interface FiscalYearStart { month: number; day: number }

/**
 * Whether the company has numbers counted per fiscal year: a posted journal entry (numbered per journal and fiscal
 * year) or a document counter of a fiscal year (invoices, orders, deliveries, returns, till sessions). Counters of
 * fiscal year 0 run across years (products' SKUs, a till session's receipts) and do not count.
 */
async function hasFiscalNumbers(tx: Tx, companyId: number): Promise<boolean> {
  const r = await tx.execute(sql`SELECT (EXISTS (SELECT 1 FROM journal_entries WHERE company_id = ${companyId}::int AND sequence_no IS NOT NULL)
    OR EXISTS (SELECT 1 FROM doc_sequences WHERE company_id = ${companyId}::int AND fiscal_year <> 0)) AS numbered`);
  return (r.rows[0] as { numbered?: unknown } | undefined)?.numbered === true;
}

/**
 * A change of the fiscal year's start from `from` to `to`: false when it is none (the same day and month again).
 * Otherwise a 422 on the start day when the month has no such day (`dayLabel`: the field's label on the form that
 * sent it), a 409 once the company has numbers counted per fiscal year (a later start would number the rest of a
 * month in another year's series: JV/2026/00002 on 11 March, JV/2025/00001 on 12 March), else true.
 * Before answering true it takes doc_sequences in SHARE mode and looks again: a posting writing the company's first
 * numbers now is waited for (and then refuses the change), and a posting that starts after it waits for this
 * transaction, then reads the new start in the statement that numbers it (the ledger's gate). Only a change that is
 * allowed takes it, so about once in a company's life, during its setup.
 */
export async function checkStartChange(tx: Tx, companyId: number, from: FiscalYearStart, to: FiscalYearStart, dayLabel: Label): Promise<boolean> {
  if (from.month === to.month && from.day === to.day) return false;
  const max = lastStartDay(to.month);
  if (to.day > max) throw fieldProblem(422, 'fiscalYearStartDay', dayLabel, am.fiscalYearStartDay, { max });
  if (await hasFiscalNumbers(tx, companyId)) throw conflict(am.fiscalYearStartFixed);
  await tx.execute(sql`LOCK TABLE doc_sequences IN SHARE MODE`);
  if (await hasFiscalNumbers(tx, companyId)) throw conflict(am.fiscalYearStartFixed);
  return true;
}

/**
 * The start is the accounting settings' (every number and report reads it there); the company row keeps a copy (the
 * company form shows it, sign-up seeds the settings from it). A change made on either form is checked the same way
 * and written to the other row (its version moves, so a form still open on the old one is asked to reload).
 */
registerHooks(accountingSettings, {
  async beforeUpdate(ctx, tx, changes, before) {
    const from = { month: Number(before.fiscalYearStartMonth), day: Number(before.fiscalYearStartDay) };
    const to = { month: Number(changes.fiscalYearStartMonth ?? from.month), day: Number(changes.fiscalYearStartDay ?? from.day) };
    if (await checkStartChange(tx, ctx.companyId, from, to, accountingSettings.fields.fiscalYearStartDay.label)) {
      const c = tableOf(company);
      await tx.update(c).set({ fiscalYearStartMonth: to.month, fiscalYearStartDay: to.day, version: sql`${c.version} + 1` }).where(eq(c.id, ctx.companyId));
      forgetInTx(tx, 'company');
    }
    changes.fiscalYearEnd = fiscalYearEnd(to.month, to.day);
    if (typeof changes.currency === 'string') changes.currency = changes.currency.toUpperCase();
  },
});

registerHooks(company, {
  async beforeUpdate(ctx, tx, changes, before) {
    // an empty value is the column's default, January and the 1st (as the company's setup reads it)
    const read = (v: unknown) => (v === null || v === undefined ? 1 : Number(v));
    const was = { month: read(before.fiscalYearStartMonth), day: read(before.fiscalYearStartDay) };
    const to = {
      month: 'fiscalYearStartMonth' in changes ? read(changes.fiscalYearStartMonth) : was.month,
      day: 'fiscalYearStartDay' in changes ? read(changes.fiscalYearStartDay) : was.day,
    };
    // a form sending the copy it shows, unchanged, changes nothing (even where the copy lags the settings)
    if (to.month === was.month && to.day === was.day) return;
    const s = tableOf(accountingSettings);
    const [cur] = await tx.select({ month: s.fiscalYearStartMonth, day: s.fiscalYearStartDay }).from(s).where(eq(s.companyId, ctx.companyId)).limit(1);
    const from = cur ? { month: Number(cur.month), day: Number(cur.day) } : was;
    if ('fiscalYearStartMonth' in changes) changes.fiscalYearStartMonth = to.month;
    if ('fiscalYearStartDay' in changes) changes.fiscalYearStartDay = to.day;
    if (!(await checkStartChange(tx, ctx.companyId, from, to, company.fields.fiscalYearStartDay.label)) || !cur) return;
    await tx.update(s).set({
      fiscalYearStartMonth: to.month, fiscalYearStartDay: to.day, fiscalYearEnd: fiscalYearEnd(to.month, to.day), version: sql`${s.version} + 1`,
    }).where(eq(s.companyId, ctx.companyId));
    forgetInTx(tx, 'accountingSettings');
  },
}, { module: 'accounting' });
