import { sql } from 'drizzle-orm';
import { fiscalYearOf, nextNumber } from '../../../core/db/sequences';
import { tableOf } from '../../../core/db/entity-table';
import type { Orm } from '../../../core/db/connect';
import type { Tx } from '../../../core/db/tx';
import { lineMoney } from '../../../core/entity/line-fields';
import { type Data, type Row, registerHooks } from '../../../core/entity/hooks';
import { ops } from '../../../core/entity/operations';
import { type Ctx, can } from '../../../core/http/context';
import { tr } from '../../../core/i18n/locale';
import { companyToday, now } from '../../../core/time/company-time';
import { METHOD_LABELS, pm } from '../messages';
import { posSession } from '../model/pos-session.entity';
import { posSettings } from '../model/pos-settings.entity';
import { branchForSelling } from './branch.access';
import { beyondCurrency, chartIds, currencyDecimals, loadSettings, postEntry } from './entries';
import { posError } from './pos.errors';
import { closePlan } from './session.close';

/**
 * Sessions (invariant 7). START = create: the branch must be one the user may sell at (403 otherwise) and active;
 * the user, the opening time and the number POS/<year>/<n> are the server's; one active session per user and
 * branch (checked here, and by a partial unique index for two starts at once). The branch of a session never
 * changes. CLOSE (an action) runs on the locked row (a second close, even at the same time, waits for the lock, finds
 * the session closed and gets 409); sales in flight hold the row FOR SHARE, so a close waits for them and a sale after it
 * finds the session closed. The expected cash and bank are ONE grouped statement over pos_payments, whatever the
 * number of orders; the differences post through accounting's postEntry (session.close.ts).
 */
/** Money counted into or out of a drawer has at most the currency's decimals (accounting's beyondCurrency). */
async function handedOver(ctx: Ctx, tx: Tx, field: 'openingCash' | 'countedCash' | 'countedBank', amount: unknown): Promise<void> {
  if (amount === undefined || amount === null || amount === '') return;
  const decimals = await currencyDecimals(tx, ctx.companyId);
  if (beyondCurrency(String(amount), decimals))
    throw posError(pm.cashDecimals, ctx.locale, field, { field: tr(posSession.fields[field]!.label, ctx.locale), decimals });
}

async function beforeCreate(ctx: Ctx, tx: Tx, data: Data): Promise<void> {
  await handedOver(ctx, tx, 'openingCash', data.openingCash);
  const branch = await branchForSelling(ctx, tx, Number(data.branchId));
  const t = tableOf(posSession);
  const open = await tx.select({ id: t.id }).from(t)
    .where(sql`${t.companyId} = ${ctx.companyId} AND ${t.branchId} = ${branch.id} AND ${t.userId} = ${ctx.user.id} AND ${t.status} = 'active'`).limit(1);
  if (open.length) throw posError(pm.oneActiveSession, ctx.locale, 'branchId', {}, 409);
  const acc = await loadSettings(tx, ctx.companyId);
  const { formatted } = await nextNumber(tx, ctx.companyId, 'posSession', fiscalYearOf(companyToday(ctx), acc.fiscalYearStartMonth, acc.fiscalYearStartDay), 'POS');
  Object.assign(data, { number: formatted, userId: ctx.user.id, openedAt: now().toISOString(), status: 'active' });
}

async function beforeUpdate(ctx: Ctx, tx: Tx, changes: Data, before: Row): Promise<void> {
  await handedOver(ctx, tx, 'openingCash', changes.openingCash);
  if ('branchId' in changes && Number(changes.branchId) !== before.branchId) throw posError({ en: 'The branch of a session cannot change', ar: 'لا يمكن تغيير فرع الجلسة' }, ctx.locale, 'branchId');
}

function counted(ctx: Ctx, raw: unknown, method: string, fallback: string | null): string {
  if ((raw === undefined || raw === null || raw === '') && fallback !== null) return fallback;
  const p = lineMoney.safeParse(typeof raw === 'number' ? String(raw) : raw);
  if (!p.success || p.data.startsWith('-')) throw posError(pm.countedInvalid, ctx.locale, method === 'cash' ? 'countedCash' : 'countedBank', { method: METHOD_LABELS[method]![ctx.locale] });
  return p.data;
}

/** Money kept per method by a session's sales (refunds negative): one grouped statement. */
export async function sessionMoney(q: Tx | Orm, companyId: number, sessionId: number): Promise<Record<string, string>> {
  const r = await q.execute(sql`SELECT method, sum(amount)::numeric(20,4)::text AS amount FROM pos_payments
    WHERE company_id = ${companyId} AND session_id = ${sessionId} GROUP BY method`);
  return Object.fromEntries((r.rows as { method: string; amount: string }[]).map((x) => [x.method, x.amount]));
}

async function close(ctx: Ctx, tx: Tx, row: Row, body: Data): Promise<Row> {
  if (row.status !== 'active') throw posError(pm.alreadyClosed, ctx.locale, '_', {}, 409);
  await branchForSelling(ctx, tx, row.branchId as number, { closing: true });
  const money = await sessionMoney(tx, ctx.companyId, row.id);
  const countedCash = counted(ctx, body?.countedCash, 'cash', null);
  const countedBank = counted(ctx, body?.countedBank, 'bank_transfer', money.bank_transfer ?? '0');
  await handedOver(ctx, tx, 'countedCash', countedCash);
  await handedOver(ctx, tx, 'countedBank', countedBank);
  const st = tableOf(posSettings);
  const [s] = await tx.select({ shortage: st.shortageAccountId, overage: st.overageAccountId }).from(st).where(sql`${st.companyId} = ${ctx.companyId}`).limit(1);
  const c = await chartIds(tx, ctx.companyId, { accounts: ['1101', '1102'], journals: ['CSH'] });
  const plan = closePlan({
    openingCash: String(row.openingCash ?? '0'), cashIn: money.cash ?? '0', bankIn: money.bank_transfer ?? '0', countedCash, countedBank,
    accounts: { cash: c.accounts['1101'] ?? 0, bank: c.accounts['1102'] ?? 0, shortage: (s?.shortage as number | null) ?? 0, overage: (s?.overage as number | null) ?? 0 },
  });
  let differenceEntryId: number | null = null;
  if (plan.lines.length) {
    if (plan.lines.some((l) => !l.accountId) || !c.journals.CSH) throw posError(pm.accountsMissing, ctx.locale, '_', {}, 409);
    const entry = await postEntry(tx, ctx, {
      journalId: c.journals.CSH, date: companyToday(ctx), reference: String(row.number), source: { type: 'posSession', id: row.id },
      lines: plan.lines.map((l) => ({ ...l, contactId: null })),
    });
    differenceEntryId = entry.id;
  }
  const out = await ops.write(ctx, posSession, row.id, {
    status: 'closed', closedAt: now().toISOString(), expectedCash: plan.expectedCash, countedCash, cashDifference: plan.cashDifference, closingCash: plan.closingCash,
    expectedBank: plan.expectedBank, countedBank, bankDifference: plan.bankDifference, differenceEntryId,
  }, { audit: 'close' });
  return out!;
}

/**
 * A cashier sees the sessions of the branches listing them (in the list, its export, a session's page, summary and
 * print; another's is "not found"); whoever may change branches (a manager) sees every branch's.
 */
const rowScope = (ctx: Ctx) => (can(ctx, 'pos.posBranch.change') ? undefined
  : { text: '"branch_id" IN (SELECT j.owner_id FROM pos_branches_users j WHERE j.target_id = ?)', params: [ctx.user.id] });

registerHooks(posSession, {
  beforeCreate: (ctx, tx, data) => beforeCreate(ctx, tx, data),
  beforeUpdate,
  rowScope,
  uniqueMessages: { branchId: pm.oneActiveSession },
  actions: { close: (ctx, tx, row, body) => close(ctx, tx, row, body) },
});
