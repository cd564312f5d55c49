import { and, eq, sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import type { Row } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { registerCompanySetup } from '../../../core/tenancy/company-setup';
import { entityByName } from '../../registry';
import { account } from '../model/account.entity';
import { invoice } from '../model/invoice.entity';
import { confirmInvoice, recordPayment } from './invoice.service';
import { postEntry } from './ledger.post';
import { loadSettings } from './settings.service';

/** Demo books for a demo company: opening capital, two sale invoices (one paid), rent. Posted through the ledger. */
registerCompanySetup('accounting.demo', async (tx: Tx, companyId, { demo, userId }) => {
  if (!demo) return;
  const ctx = { companyId, locale: 'en', permissions: new Set<string>(), user: { id: userId, companyId } } as unknown as Ctx;
  const s = await loadSettings(tx, companyId);
  const at = tableOf(account);
  const acc = async (code: string) => (await tx.select({ id: at.id }).from(at).where(and(eq(at.companyId, companyId), eq(at.code, code))))[0]!.id as number;
  const y = new Date().getUTCFullYear();
  await postEntry(tx, ctx, { journalId: s.openingJournalId as number, date: `${y}-01-01`, reference: 'Opening balance / رصيد افتتاحي',
    lines: [{ accountId: await acc('1102'), debit: '150000' }, { accountId: await acc('1101'), debit: '10000' }, { accountId: await acc('3101'), credit: '160000' }] });
  await postEntry(tx, ctx, { journalId: s.bankJournalId as number, date: `${y}-01-05`, reference: 'Rent / إيجار',
    lines: [{ accountId: await acc('5103'), debit: '6000' }, { accountId: await acc('1102'), credit: '6000' }] });
  const ct = tableOf(entityByName('contact'));
  const customers = await tx.select({ id: ct.id }).from(ct).where(and(eq(ct.companyId, companyId), eq(ct.isCustomer, true))).limit(2);
  const vat = (await tx.execute(sql`SELECT id FROM taxes WHERE company_id = ${companyId} AND name = 'VAT 15%'`)).rows[0] as { id: number } | undefined;
  const it = tableOf(invoice);
  for (const [i, c] of customers.entries()) {
    const lines = [{ productId: null, accountId: null, description: i ? 'Training / تدريب' : 'Consulting / استشارات', quantity: String(2 + i), unitPrice: '1500', discount: '0', taxId: vat?.id ?? null }];
    const [row] = await tx.insert(it).values({ companyId, type: 'SALE', partnerId: c.id, date: `${y}-01-1${i}`, dueDate: `${y}-02-1${i}`, lines, discount: '0', createdBy: userId, updatedBy: userId }).returning();
    const set = await confirmInvoice(ctx, tx, row as Row);
    await tx.update(it).set({ ...set, status: 'CONFIRMED' }).where(eq(it.id, (row as Row).id));
    if (i === 0) {
      const [fresh] = await tx.select().from(it).where(eq(it.id, (row as Row).id));
      await recordPayment(ctx, tx, fresh as Row, { amount: '2000', date: `${y}-01-20` });
    }
  }
});
