import { sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { type SetupOpts, inLanguage, registerCompanySetup } from '../../../core/tenancy/company-setup';
import { group } from '../../admin/model/group.entity';
import { posSettings } from '../model/pos-settings.entity';
import { CASHIER_DESCRIPTION, CASHIER_GROUP, CASHIER_PERMISSIONS } from './cashier';
import { chartIds } from './entries';

/**
 * Every new company gets its POS settings: a walk-in customer (a contact with the customer role, "Walk-in customer /
 * عميل نقدي"), the till's customer when none is chosen; a counted shortage posts to 5105 General expenses and an
 * overage to 4103 Other income (the money side: 1101 Cash on hand or 1102 Bank, in the CSH journal). Migration
 * gives existing companies the same (hand-written block).
 * And the group Cashier (أمين الصندوق) with CASHIER_PERMISSIONS (cashier.ts), so an administrator only has to add a
 * user to it and list the user on a branch; migration 0036 gives it to companies made before (hand-written block,
 * the same name and rights: keep them in step; its description, in both languages joined, is one of those migration
 * 0041 puts in the company's language).
 */
export async function createPosDefaults(tx: Tx, companyId: number, opts: Pick<SetupOpts, 'userId' | 'language'>): Promise<void> {
  const { userId } = opts;
  const c = await chartIds(tx, companyId, { accounts: ['5105', '4103'] });
  const r = await tx.execute(sql`INSERT INTO contacts (company_id, kind, name, name_ar, is_customer, created_by, updated_by)
    VALUES (${companyId}, 'individual', 'Walk-in customer', 'عميل نقدي', true, ${userId}, ${userId}) RETURNING id`);
  const walkIn = (r.rows[0] as { id: number }).id;
  await tx.insert(tableOf(posSettings)).values({
    companyId, createdBy: userId, updatedBy: userId, walkInCustomerId: walkIn, shortageAccountId: c.accounts['5105'], overageAccountId: c.accounts['4103'],
  });
  await tx.insert(tableOf(group)).values({ companyId, ...CASHIER_GROUP, description: inLanguage(opts, CASHIER_DESCRIPTION.en, CASHIER_DESCRIPTION.ar), permissions: [...CASHIER_PERMISSIONS].sort(), createdBy: userId, updatedBy: userId });
}

registerCompanySetup('pos.defaults', (tx, companyId, opts) => createPosDefaults(tx, companyId, opts));
