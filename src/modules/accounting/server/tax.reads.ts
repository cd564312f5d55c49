import { sql } from 'drizzle-orm';
import type { Orm } from '../../../core/db/connect';
import { execPrepared, intsLiteral } from '../../../core/db/prepared';
import type { Tx } from '../../../core/db/tx';
import type { TaxInfo } from './invoice.posting';
import { memoInTx } from '../../../core/db/tx-memo';

/**
 * Taxes for documents of other modules (sales orders), through accounting's index.ts, in ONE read: of `ids`, the
 * company's ACTIVE taxes (a tax of another company or an inactive one is absent, so computeInvoice refuses the line
 * naming it), and the company's default sales tax: the active percentage tax whose rate is the accounting
 * settings' default tax rate (tax-exclusive preferred, then the lowest id), null when there is none; the map holds it too.
 */
export async function salesTaxes(q: Tx | Orm, companyId: number, ids: number[]): Promise<{ defaultId: number | null; taxes: Map<number, TaxInfo> }> {
  const wanted = [...new Set(ids.filter((i) => Number.isInteger(i) && i > 0 && i <= 2147483647))].sort((a, b) => a - b);
  // read once per transaction (core/db/tx-memo.ts)
  const r = await memoInTx(q, ['tax', 'accountingSettings'], `salesTaxes:${companyId}:${wanted.join(',')}`, async () => (await execPrepared(q, sql`
    WITH dflt AS (
      SELECT d.id FROM taxes d JOIN accounting_settings s ON s.company_id = d.company_id
      WHERE d.company_id = ${companyId} AND d.status = 'active' AND d.type = 'percentage' AND d.rate = s.default_tax_rate
      ORDER BY d.price_included, d.id LIMIT 1)
    SELECT t.id, t.rate::text AS rate, t.type, t.price_included AS "priceIncluded", t.account_id AS "accountId",
      t.id IN (SELECT id FROM dflt) AS "isDefault"
    FROM taxes t
    WHERE t.company_id = ${companyId} AND t.status = 'active'
      AND (t.id = ANY(${intsLiteral(wanted)}::int[]) OR t.id IN (SELECT id FROM dflt))`)).rows, companyId);
  const taxes = new Map<number, TaxInfo>();
  let defaultId: number | null = null;
  for (const { isDefault, ...t } of r as unknown as (TaxInfo & { isDefault: boolean })[]) {
    if (isDefault) defaultId = t.id;
    taxes.set(t.id, { ...t, accountId: t.accountId ?? null });
  }
  return { defaultId, taxes };
}
