import { and, asc, eq } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { ops } from '../../../core/entity/operations';
import { counted, inLanguage, registerCompanySetup, setupCtx } from '../../../core/tenancy/company-setup';
import { demoYear } from '../../../core/tenancy/demo-year';
import { companyToday } from '../../../core/time/company-time';
import { contact } from '../../contacts/model/contact.entity';
import { beginningBalance } from '../model/beginning-balance.entity';
import { chartIds, taxIds } from './chart.reads';
import { confirmInvoice, createInvoice, debitInvoice, payInvoice } from './invoice.entry';
import { type PostInput, postEntries } from './ledger.post';
import { loadSettings } from './settings.service';

/**
 * Demo books for a demo company, over the twelve months that end today (core/tenancy/demo-year.ts), all through
 * the module's own services in the company's creation transaction: the opening balances (a beginning balance
 * document, posted), each month's rent, salaries and utilities (journal entries), and a consulting or training
 * invoice a month, confirmed and paid (the last two months' still open, for the receivables aging), and one debit
 * note: two consulting hours more than invoiced, agreed after the invoice of three months ago, still to be paid.
 * Inventory's demo adds the trade: receipts and bills, deliveries and sale invoices.
 */
registerCompanySetup('accounting.demo', async (tx: Tx, companyId, opts) => {
  if (!opts.demo) return;
  const ctx = setupCtx(companyId, opts);
  const s = await loadSettings(tx, companyId);
  const { accounts: a } = await chartIds(tx, companyId, { accounts: ['1101', '1102', '3101', '5102', '5103', '5105'] });
  const { start, months } = demoYear(companyToday(ctx));
  const opening = await ops.create(ctx, beginningBalance, {
    date: start, reference: inLanguage(opts, 'Opening balance', 'رصيد افتتاحي'),
    lines: [{ accountId: a['1102'], debit: '250000' }, { accountId: a['1101'], debit: '15000' }, { accountId: a['3101'], credit: '265000' }],
  });
  await ops.transition(ctx, beginningBalance, opening.id, 'post');
  counted(opts, 'opening balances');

  const bank = s.bankJournalId as number;
  const cash = s.cashJournalId as number;
  // the year's recurring entries, posted together: one statement per journal and fiscal year (postEntries)
  const recurring: PostInput[] = [];
  for (const m of months) {
    const entries: [number, string | null, string, string, number, number][] = [
      [bank, m.day(1), inLanguage(opts, 'Office rent', 'إيجار المكتب'), '2500', a['5103']!, a['1102']!],
      [cash, m.day(12), inLanguage(opts, 'Electricity and water', 'الكهرباء والمياه'), String(400 + ((m.index * 137) % 500)), a['5105']!, a['1101']!],
      [bank, m.day(27), inLanguage(opts, 'Salaries', 'الرواتب'), '5000', a['5102']!, a['1102']!],
    ];
    for (const [journalId, date, reference, amount, debit, credit] of entries)
      if (date) recurring.push({ journalId, date, reference, lines: [{ accountId: debit, debit: amount }, { accountId: credit, credit: amount }] });
  }
  await postEntries(tx, ctx, recurring);
  counted(opts, 'journal entries', recurring.length);

  const customers = await demoCustomers(tx, companyId);
  const { 'VAT 15%': vat } = await taxIds(tx, companyId, ['VAT 15%']);
  for (const m of months) {
    const date = m.day(8);
    if (!date || !customers.length) continue;
    const partnerId = customers[m.index % customers.length]!;
    const training = m.index % 3 === 1;
    const inv = await createInvoice(ctx, {
      type: 'SALE', partnerId, date, paymentTermDays: 30, reference: training ? inLanguage(opts, 'Staff training', 'تدريب الموظفين') : inLanguage(opts, 'Inventory consulting', 'استشارات المخزون'),
      lines: [{ description: training ? inLanguage(opts, 'Training day', 'يوم تدريبي') : inLanguage(opts, 'Consulting hours', 'ساعات استشارية'), quantity: training ? String(2 + (m.index % 4)) : String(8 + (m.index % 4) * 4), unitPrice: training ? '2400' : '450', taxId: vat }],
    });
    const confirmed = await confirmInvoice(ctx, inv.id);
    counted(opts, 'service invoices');
    const paidOn = m.day(22);
    if (m.index < 10 && paidOn) {
      await payInvoice(ctx, inv.id, { amount: confirmed.dueAmount, date: paidOn, journalId: bank });
      counted(opts, 'payments');
    }
    const debitOn = m.day(18);
    if (m.index === 9 && !training && debitOn) {
      await debitInvoice(ctx, inv.id, {
        date: debitOn, reason: inLanguage(opts, 'Two consulting hours more than invoiced, agreed with the customer', 'ساعتان استشاريتان إضافيتان بالاتفاق مع العميل'),
        lines: [{ description: inLanguage(opts, 'Additional consulting hours', 'ساعات استشارية إضافية'), quantity: '2', unitPrice: '450', taxId: vat }],
      });
      counted(opts, 'debit notes');
    }
  }
});

/** The demo company's customers (contacts has no public entry yet: its table, read in the setup transaction). */
async function demoCustomers(tx: Tx, companyId: number): Promise<number[]> {
  const ct = tableOf(contact);
  const rows = await tx.select({ id: ct.id }).from(ct).where(and(eq(ct.companyId, companyId), eq(ct.isCustomer, true))).orderBy(asc(ct.id));
  return rows.map((r) => r.id as number);
}
