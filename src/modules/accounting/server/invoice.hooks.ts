import { and, eq, inArray } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import { registerHooks, type Data, type Row } from '../../../core/entity/hooks';
import { account } from '../model/account.entity';
import type { Ctx } from '../../../core/http/context';
import type { Tx } from '../../../core/db/tx';
import { invoice } from '../model/invoice.entity';
import { invoiceTotals } from './invoice.totals';
import { confirmInvoice, creditNote, recordPayment, voidInvoice } from './invoice.service';
import { ledgerError } from './ledger.validate';
import { am } from './messages';

/** Totals are always the server's; only DRAFT and PENDING invoices can be edited or deleted. */
const EDITABLE = ['DRAFT', 'PENDING'];

function addDays(date: string, days: number): string {
  return new Date(Date.parse(date + 'T00:00:00Z') + days * 86_400_000).toISOString().slice(0, 10);
}

/** Line accounts must be postable accounts of the company already in a draft (confirm checks them again). */
async function checkLineAccounts(ctx: Ctx, tx: Tx, lines: { accountId: number | null }[]): Promise<void> {
  const ids = [...new Set(lines.map((l) => l.accountId).filter((x): x is number => x !== null))].sort((a, b) => a - b);
  if (!ids.length) return;
  const t = tableOf(account);
  const rows = await tx.select({ id: t.id, code: t.code, isLeaf: t.isLeaf, status: t.status }).from(t).where(and(eq(t.companyId, ctx.companyId), inArray(t.id, ids)));
  const found = new Map(rows.map((r) => [r.id as number, r]));
  lines.forEach((l, i) => {
    if (l.accountId === null) return;
    const a = found.get(l.accountId);
    if (!a) throw ledgerError(am.accountNotFound, { line: i + 1 }, ctx.locale);
    if (!a.isLeaf) throw ledgerError(am.accountNotLeaf, { line: i + 1, account: String(a.code) }, ctx.locale);
    if (a.status !== 'active') throw ledgerError(am.accountInactive, { line: i + 1, account: String(a.code) }, ctx.locale);
  });
}

async function computeInto(ctx: Ctx, tx: Tx, target: Data, v: Data): Promise<void> {
  const t = await invoiceTotals(ctx, tx, v.lines, v.discount);
  await checkLineAccounts(ctx, tx, t.lines);
  Object.assign(target, { lines: t.lines, subtotal: t.subtotal, taxAmount: t.taxAmount, totalAmount: t.totalAmount, paidAmount: '0', dueAmount: t.totalAmount, creditedAmount: '0' });
  if (!v.dueDate && typeof v.date === 'string') target.dueDate = addDays(v.date, Number(v.paymentTermDays ?? 0));
}

registerHooks(invoice, {
  beforeCreate: (ctx, tx, data) => computeInto(ctx, tx, data, data),
  async beforeUpdate(ctx, tx, changes, before) {
    if (!EDITABLE.includes(before.status as string)) throw ledgerError(am.notDraft, {}, ctx.locale, '_', 409);
    const merged = { ...before, ...changes };
    if (!('dueDate' in changes) && ('date' in changes || 'paymentTermDays' in changes)) merged.dueDate = null;
    await computeInto(ctx, tx, changes, merged);
  },
  beforeDelete(ctx, _tx, row) {
    if (!EDITABLE.includes(row.status as string) && row.status !== 'CANCELLED') throw ledgerError(am.notDraft, {}, ctx.locale, '_', 409);
    if (row.entryId) throw ledgerError(am.notDraft, {}, ctx.locale, '_', 409);
  },
  transitions: {
    confirm: (ctx, tx, row) => confirmInvoice(ctx, tx, row),
    void: (ctx, tx, row) => voidInvoice(ctx, tx, row),
  },
  actions: {
    recordPayment: (ctx, tx, row, body) => recordPayment(ctx, tx, row as Row, body),
    creditNote: (ctx, tx, row, body) => creditNote(ctx, tx, row as Row, body),
  },
});
