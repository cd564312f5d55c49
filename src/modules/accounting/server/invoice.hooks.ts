import { and, eq, inArray } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import { registerHooks, type Data, type Row } from '../../../core/entity/hooks';
import { account } from '../model/account.entity';
import type { Ctx } from '../../../core/http/context';
import type { Tx } from '../../../core/db/tx';
import { memoInTx } from '../../../core/db/tx-memo';
import { missingRecords } from '../../../core/entity/crud.references';
import { invoice } from '../model/invoice.entity';
import { invoiceTotals } from './invoice.totals';
import { confirmInvoice, creditNote, recordPayment, voidInvoice } from './invoice.service';
import { debitNote } from './invoice.notes';
import { ledgerError } from './ledger.validate';
import { am } from './messages';
import { issueZatcaDocument, lockUnit, refuseIfInChain } from './zatca/documents';
import { companyTaxStatus } from './tax-invoice/parties';
import { isSaleSide } from './invoice.posting';
import { packOf } from '../model/country-packs/packs';

/** Totals are always the server's; the states an invoice is edited or deleted in are its definition's (editableIn). */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(date + 'T00:00:00Z') + days * 86_400_000).toISOString().slice(0, 10);
}

/** Line accounts must be postable accounts of the company already in a draft (confirm checks them again). */
async function checkLineAccounts(ctx: Ctx, tx: Tx, lines: { accountId: number | null }[]): Promise<void> {
  const ids = [...new Set(lines.map((l) => l.accountId).filter((x): x is number => x !== null))].sort((a, b) => a - b);
  if (!ids.length) return;
  const t = tableOf(account);
  // kept between requests at the company's configuration version (core/db/tx-memo.ts)
  const rows = await memoInTx(tx, ['account'], `lineAccounts:${ctx.companyId}:${ids.join(',')}`,
    () => tx.select({ id: t.id, code: t.code, isLeaf: t.isLeaf, status: t.status }).from(t).where(and(eq(t.companyId, ctx.companyId), inArray(t.id, ids))), ctx.companyId);
  const found = new Map(rows.map((r) => [r.id as number, r]));
  lines.forEach((l, i) => {
    if (l.accountId === null) return;
    const a = found.get(l.accountId);
    if (!a) throw ledgerError(am.accountNotFound, { line: i + 1 }, ctx.locale);
    if (!a.isLeaf) throw ledgerError(am.accountNotLeaf, { line: i + 1, account: String(a.code) }, ctx.locale);
    if (a.status !== 'active') throw ledgerError(am.accountInactive, { line: i + 1, account: String(a.code) }, ctx.locale);
  });
}

/**
 * Line products must be the company's. A product is inventory's, which accounting may not read (modules depend one
 * way: inventory -> accounting): it is looked up through the platform's registry (core/entity/crud.references.ts).
 * A credit note may name the products of the invoice it credits (one deleted since), as it may name a tax
 * deactivated since: that invoice's lines are read only when a product is missing.
 */
async function checkLineProducts(ctx: Ctx, tx: Tx, lines: { productId?: number | null }[], creditNoteOfId: unknown): Promise<void> {
  const ids = lines.map((l) => l.productId).filter((x): x is number => typeof x === 'number');
  let missing = await missingRecords(tx, ctx, 'product', ids);
  if (missing.size && typeof creditNoteOfId === 'number') {
    const it = tableOf(invoice);
    const [credited] = await tx.select({ lines: it.lines }).from(it).where(and(eq(it.companyId, ctx.companyId), eq(it.id, creditNoteOfId)));
    const own = new Set(((credited?.lines ?? []) as { productId?: number | null }[]).map((l) => l.productId));
    missing = new Set([...missing].filter((id) => !own.has(id)));
  }
  const i = lines.findIndex((l) => typeof l.productId === 'number' && missing.has(l.productId));
  if (i >= 0) throw ledgerError(am.productNotFound, { line: i + 1 }, ctx.locale);
}

async function computeInto(ctx: Ctx, tx: Tx, target: Data, v: Data): Promise<void> {
  // a credit note may name a tax deactivated since its invoice
  const t = await invoiceTotals(ctx, tx, v.lines, v.discount, v.isCreditNote !== true);
  await checkLineAccounts(ctx, tx, t.lines);
  await checkLineProducts(ctx, tx, t.lines, v.isCreditNote === true ? v.creditNoteOfId : null);
  Object.assign(target, { lines: t.lines, discount: t.discount, subtotal: t.subtotal, taxAmount: t.taxAmount, totalAmount: t.totalAmount, paidAmount: '0', dueAmount: t.totalAmount, creditedAmount: '0' });
  if (!v.dueDate && typeof v.date === 'string') target.dueDate = addDays(v.date, Number(v.paymentTermDays ?? 0));
}

registerHooks(invoice, {
  beforeCreate: (ctx, tx, data) => computeInto(ctx, tx, data, data),
  async beforeUpdate(ctx, tx, changes, before) {
    const merged = { ...before, ...changes };
    if (!('dueDate' in changes) && ('date' in changes || 'paymentTermDays' in changes)) merged.dueDate = null;
    await computeInto(ctx, tx, changes, merged);
  },
  transitions: {
    // a Saudi company's sale invoice, credit or debit note gets its signed e-invoice in the confirming transaction (zatca/)
    // (the company's tax status read once: a company whose country has no e-invoicing locks no unit)
    // (without a unit, the number is taken late and the posting statement writes the row: confirmInvoice's `write`)
    confirm: async (ctx, tx, row, _body, write) => {
      const company = isSaleSide(String(row.type)) ? await companyTaxStatus(tx, ctx.companyId) : null;
      const unit = packOf(company?.country).eInvoicing === 'zatca' ? await lockUnit(ctx, tx, row) : null;
      if (!unit) return confirmInvoice(ctx, tx, row, company, write);
      const set = await confirmInvoice(ctx, tx, row, company) as Row;
      await issueZatcaDocument(ctx, tx, { ...row, ...set } as Row, unit);
      return set;
    },
    void: async (ctx, tx, row) => {
      await refuseIfInChain(ctx, tx, row.id);
      return voidInvoice(ctx, tx, row);
    },
  },
  actions: {
    recordPayment: (ctx, tx, row, body) => recordPayment(ctx, tx, row as Row, body),
    creditNote: (ctx, tx, row, body) => creditNote(ctx, tx, row as Row, body),
    debitNote: (ctx, tx, row, body) => debitNote(ctx, tx, row as Row, body),
  },
});
