import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { forgetInTx } from '../../../core/db/tx-memo';
import { type SetupOpts, inLanguage, registerCompanySetup } from '../../../core/tenancy/company-setup';
import { paymentTerm } from '../model/payment-term.entity';
import { priceList } from '../model/price-list.entity';
import { salesSettings } from '../model/sales-settings.entity';
import { chartIds } from './entries';

/**
 * Every new company gets its sales settings (accounts and journals of the default chart), a default public price
 * list without items (orders then sell at the products' sale prices) and two payment terms. Runs after
 * accounting.defaults and inventory.defaults (module order of the server's imports).
 */
export async function createSalesDefaults(tx: Tx, companyId: number, opts: Pick<SetupOpts, 'userId' | 'language'>): Promise<void> {
  const by = { companyId, createdBy: opts.userId, updatedBy: opts.userId };
  const c = await chartIds(tx, companyId, { journals: ['SAL'], accounts: ['4101', '1103', '5104', '2103', '5101', '1104', '4102'] });
  const a = c.accounts;
  await tx.insert(tableOf(salesSettings)).values({
    ...by, revenueAccountId: a['4101'], salesAccountId: a['4101'], receivableAccountId: a['1103'], discountAccountId: a['5104'],
    accrualAccountId: a['2103'], cogsAccountId: a['5101'], inventoryAccountId: a['1104'], returnAccountId: a['4102'],
    salesJournalId: c.journals.SAL, returnJournalId: c.journals.SAL, allowPartialReturns: true, requireReturnReason: true, returnPeriodDays: 14, invoicePrefix: 'SO',
  });
  await tx.insert(tableOf(priceList)).values({ ...by, name: 'Public price list', nameAr: 'قائمة الأسعار العامة', currency: 'SAR', isDefault: true, isActive: true, items: [] });
  for (const e of ['salesSettings', 'priceList']) forgetInTx(tx, e); // written by hand (core/db/tx-memo.ts)
  await tx.insert(tableOf(paymentTerm)).values([
    { ...by, name: 'Immediate', nameAr: 'فوري', dueDays: 0, description: inLanguage(opts, 'Due on the order date', 'مستحق في تاريخ الطلب') },
    { ...by, name: '30 days', nameAr: '30 يومًا', dueDays: 30, description: inLanguage(opts, 'Due 30 days after the order date', 'مستحق بعد 30 يومًا من تاريخ الطلب') },
  ]);
}

registerCompanySetup('sales.defaults', (tx, companyId, opts) => createSalesDefaults(tx, companyId, opts));
