import { sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { pm } from '../messages';
import { noAccess, posError } from './pos.errors';

/**
 * Who may sell at a branch: the users listed on it (pos_branches_users), and the company's superusers. Anyone else
 * starting, closing or selling in a session of the branch gets 403 "You don't have access to this page" (checked
 * in the same transaction as the work, so a user removed from the branch sells nothing more).
 */
export interface BranchInfo { id: number; locationId: number; isActive: boolean }

export async function branchForSelling(ctx: Ctx, tx: Tx, branchId: number, opts: { closing?: boolean } = {}): Promise<BranchInfo> {
  const r = await tx.execute(sql`SELECT b.id, b.location_id, b.is_active,
      EXISTS (SELECT 1 FROM pos_branches_users j WHERE j.owner_id = b.id AND j.target_id = ${ctx.user.id}) AS listed
    FROM pos_branches b WHERE b.company_id = ${ctx.companyId} AND b.id = ${branchId}`);
  const b = r.rows[0] as { id: number; location_id: number; is_active: boolean; listed: boolean } | undefined;
  if (!b) throw posError({ en: 'Branch is required', ar: 'الفرع مطلوب' }, ctx.locale, 'branchId');
  if (!b.listed && !ctx.user.isSuperuser) throw noAccess();
  if (!b.is_active && !opts.closing) throw posError(pm.branchInactive, ctx.locale, 'branchId');
  return { id: b.id, locationId: b.location_id, isActive: b.is_active };
}
