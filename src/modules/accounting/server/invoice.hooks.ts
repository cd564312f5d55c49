import { registerHooks, type Data, type Row } from '../../../core/entity/hooks';
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

async function computeInto(ctx: Ctx, tx: Tx, target: Data, v: Data): Promise<void> {
  const t = await invoiceTotals(ctx, tx, v.lines, v.discount);
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
