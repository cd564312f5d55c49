import { and, eq, inArray, sql } from 'drizzle-orm';
import { tableOf } from '../../../../core/db/entity-table';
import type { Orm } from '../../../../core/db/connect';
import type { Ctx } from '../../../../core/http/context';
import { entityByName } from '../../../registry';

/**
 * The POS branches a unit may be bound to. POS comes after accounting in the registry, so its branch is read by
 * entity name through the registry's definition (as inventory reads other modules' tables), never by importing pos.
 */
export interface BranchName { id: number; name: string; nameAr: string | null }

const branches = () => tableOf(entityByName('posBranch'));

/** The company's branch `id`, or null. */
export async function posBranchOf(ctx: Ctx, id: number): Promise<BranchName | null> {
  return (await branchNames(ctx.db.orm, ctx.companyId, [id])).get(id) ?? null;
}

/** Names of the company's branches among `ids`. */
export async function branchNames(q: Orm, companyId: number, ids: number[]): Promise<Map<number, BranchName>> {
  if (!ids.length) return new Map();
  const t = branches();
  const rows = await q.select({ id: t.id, name: t.name, nameAr: t.nameAr }).from(t).where(and(eq(t.companyId, companyId), inArray(t.id, ids)));
  return new Map(rows.map((r) => [r.id as number, { id: r.id as number, name: String(r.name), nameAr: (r.nameAr as string | null) ?? null }]));
}

/** Whether the branch already has an active unit (one chain per branch; the unique index says it again at insert). */
export async function branchHasUnit(q: Orm, companyId: number, branchId: number): Promise<boolean> {
  return (await q.execute(sql`SELECT 1 FROM zatca_units WHERE company_id = ${companyId} AND branch_id = ${branchId} AND status = 'active'`)).rows.length > 0;
}
