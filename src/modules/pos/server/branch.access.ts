import { execPrepared } from '../../../core/db/prepared';
import { takeNumberSql } from '../../../core/db/sequences';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { pm } from '../messages';
import { noAccess, posError } from './pos.errors';

/**
 * Who may sell at a branch: the users listed on it (pos_branches_users), and the company's superusers. Anyone else
 * starting, closing or selling in a session of the branch gets 403 "You don't have access to this page" (checked
 * in the same transaction as the work, so a user removed from the branch sells nothing more). Without the right to
 * change branches, a session of a branch not listing the user is not even seen (session.hooks.ts rowScope): its
 * page, summary and close answer 404.
 */
export interface BranchInfo { id: number; locationId: number; isActive: boolean }

/** The branch's checks on a row read with its `listed` flag (the user is on its list). */
function checkBranch(ctx: Ctx, b: { id: number; location_id: number; is_active: boolean; listed: boolean } | undefined, closing = false): BranchInfo {
  if (!b) throw posError({ en: 'Branch is required', ar: 'الفرع مطلوب' }, ctx.locale, 'branchId');
  if (!b.listed && !ctx.user.isSuperuser) throw noAccess();
  if (!b.is_active && !closing) throw posError(pm.branchInactive, ctx.locale, 'branchId');
  return { id: b.id, locationId: b.location_id, isActive: b.is_active };
}

export async function branchForSelling(ctx: Ctx, tx: Tx, branchId: number, opts: { closing?: boolean } = {}): Promise<BranchInfo> {
  const r = await tx.execute(sql`SELECT b.id, b.location_id, b.is_active,
      EXISTS (SELECT 1 FROM pos_branches_users j WHERE j.owner_id = b.id AND j.target_id = ${ctx.user.id}) AS listed
    FROM pos_branches b WHERE b.company_id = ${ctx.companyId} AND b.id = ${branchId}`);
  return checkBranch(ctx, r.rows[0] as { id: number; location_id: number; is_active: boolean; listed: boolean } | undefined, opts.closing);
}

/**
 * A sale's session, its branch (checked as branchForSelling checks it), the company's walk-in customer and the
 * sale's order number, in ONE statement: the session row FOR SHARE (it must be active: a close waits for the sales
 * in flight, and a sale after the close is refused, 409).
 *
 * Till orders are numbered in their session's own gapless series, `<session number>-<n>` (POS/2026/00012-0001,
 * four digits at least), not in the sales office's company-wide counter: a counter row is locked from the moment
 * its number is taken to the commit, so one company-wide counter made every till wait for every other till's whole
 * sale (measured: it was the lock sales waited on). A session has one till selling one sale at a time, so its
 * counter is never waited for. The counter (doc_sequences, doc type `posSession:<id>`, fiscal year 0: a session
 * open over the new year keeps its series) moves in the sale's transaction: a refused sale gives its number back.
 */
export interface SellingSession { sessionId: number; branch: BranchInfo; walkIn: number | null; orderNumber: string }

export async function sessionForSelling(ctx: Ctx, tx: Tx, sessionId: number): Promise<SellingSession> {
  // the shared gapless counter (core/db/sequences.ts), moved only when the session is the company's
  const counter = takeNumberSql(ctx.companyId, `posSession:${sessionId}`, 0, sql`own.number`, { after: sql`own` });
  const r = await execPrepared(tx, sql`WITH own AS (SELECT number FROM pos_sessions WHERE company_id = ${ctx.companyId} AND id = ${sessionId}),
      n AS (${counter})
    SELECT s.id, s.status, b.id AS branch_id, b.location_id, b.is_active,
      EXISTS (SELECT 1 FROM pos_branches_users j WHERE j.owner_id = b.id AND j.target_id = ${ctx.user.id}) AS listed,
      (SELECT walk_in_customer_id FROM pos_settings WHERE company_id = ${ctx.companyId} LIMIT 1) AS walk_in,
      (SELECT prefix || '-' || lpad(value::text, greatest(4, length(value::text)), '0') FROM n) AS order_number
    FROM pos_sessions s LEFT JOIN pos_branches b ON b.id = s.branch_id AND b.company_id = s.company_id
    WHERE s.company_id = ${ctx.companyId} AND s.id = ${sessionId} FOR SHARE OF s`);
  const row = r.rows[0] as { id: number; status: string; branch_id: number | null; location_id: number; is_active: boolean; listed: boolean; walk_in: number | null; order_number: string } | undefined;
  if (!row) throw posError(pm.sessionRequired, ctx.locale, 'sessionId');
  const branch = checkBranch(ctx, row.branch_id === null ? undefined : { id: row.branch_id, location_id: row.location_id, is_active: row.is_active, listed: row.listed });
  if (row.status !== 'active') throw posError(pm.sessionClosed, ctx.locale, 'sessionId', {}, 409);
  return { sessionId: row.id, branch, walkIn: row.walk_in ?? null, orderNumber: row.order_number };
}
