import { sql } from 'drizzle-orm';
import { registerHooks } from '../../../core/entity/hooks';
import { tax } from '../model/tax.entity';
import { ledgerError } from './ledger.validate';
import { am } from './messages';

/** A tax used on any invoice line cannot be deleted ("Error deleting tax"); deactivate it instead. */
registerHooks(tax, {
  async beforeDelete(ctx, tx, row) {
    const used = await tx.execute(sql`SELECT 1 FROM invoices WHERE company_id = ${ctx.companyId}
      AND lines @> ${JSON.stringify([{ taxId: row.id }])}::jsonb LIMIT 1`);
    if (used.rows.length) throw ledgerError(am.taxInUse, {}, ctx.locale, '_', 409);
  },
});
