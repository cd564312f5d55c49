import { and, eq, inArray, sql } from 'drizzle-orm';
import { tableOf } from '../../../../core/db/entity-table';
import type { Orm } from '../../../../core/db/connect';
import { withTx } from '../../../../core/db/tx';
import { AppError } from '../../../../core/http/errors';
import type { Ctx } from '../../../../core/http/context';
import { tr } from '../../../../core/i18n/locale';
import { entityByName } from '../../../registry';
import { zm } from './messages';

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

/**
 * Binds a unit to a POS branch, or unbinds it (null): from then on that branch's till sales are signed on it. The
 * unit's row is locked first, so a confirmation signing on it finishes before (its chain is the unit's, whatever the
 * branch). 404 for another company's unit; 422 for an unknown branch; 409 when another active unit has the branch.
 */
export async function bindUnit(ctx: Ctx, unitId: number, body: unknown): Promise<{ id: number; branchId: number | null }> {
  const raw = (body as { branchId?: unknown } | null)?.branchId;
  const branchId = raw === null || raw === undefined || raw === '' ? null : Number(raw);
  if (branchId !== null && !(Number.isInteger(branchId) && branchId > 0 && branchId <= 2147483647)) throw bad(ctx, 422, 'branchId', zm.branchNotFound);
  if (branchId !== null && !(await posBranchOf(ctx, branchId))) throw bad(ctx, 422, 'branchId', zm.branchNotFound);
  return withTx(ctx.db, async (tx) => {
    const u = (await tx.execute(sql`SELECT id, status FROM zatca_units WHERE company_id = ${ctx.companyId} AND id = ${unitId} FOR UPDATE`)).rows[0] as { id: number; status: string } | undefined;
    if (!u) throw new AppError(404, 'not_found', zm.unitNotFound);
    const taken = branchId !== null && u.status === 'active' && (await tx.execute(sql`
      SELECT 1 FROM zatca_units WHERE company_id = ${ctx.companyId} AND branch_id = ${branchId} AND status = 'active' AND id <> ${unitId}`)).rows.length > 0;
    if (taken) throw bad(ctx, 409, 'branchId', zm.branchTaken);
    await tx.execute(sql`UPDATE zatca_units SET branch_id = ${branchId}, updated_at = now() WHERE id = ${unitId}`);
    return { id: unitId, branchId };
  });
}

function bad(ctx: Ctx, status: number, field: string, label: { en: string; ar: string }): AppError {
  return new AppError(status, status === 409 ? 'conflict' : 'validation', label, { [field]: tr(label, ctx.locale) });
}
