import { sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { ops } from '../../../core/entity/operations';
import type { Ctx } from '../../../core/http/context';
import { type SetupOpts, counted } from '../../../core/tenancy/company-setup';
import { group } from '../../admin/model/group.entity';
import { user } from '../../admin/model/user.entity';

/**
 * The cashier's rights: what the till, the session page and the past orders need, nothing more. Selling, starting
 * and closing their session (the session's own rights; the sale's order, stock, invoice and payments run under the
 * till's right, sale.service.ts, so no sales-office, inventory-document or accounting right is needed), the branches
 * (the start form), the products, categories and price lists the till reads, the customers (view, and add: a new
 * customer from the till), the past orders (sales orders, view) and the receipts (accounting's invoice print, the
 * only accounting right). No admin right.
 */
export const CASHIER_PERMISSIONS = [
  'pos.posSession.view', 'pos.posSession.add', 'pos.posSession.sell', 'pos.posSession.close', 'pos.posBranch.view',
  'inventory.product.view', 'inventory.productCategory.view', 'sales.priceList.view',
  'contacts.contact.view', 'contacts.contact.add', 'sales.salesOrder.view', 'accounting.invoice.print',
];

export const CASHIER_GROUP = { name: 'Cashier', nameAr: 'أمين الصندوق' };
/** The group's description, written in the company's language (pos.defaults.ts). */
export const CASHIER_DESCRIPTION = { en: 'Sells at the till, starts and closes their session', ar: 'البيع في نقطة البيع وفتح الجلسة وإغلاقها' };

/**
 * The demo's cashier: the user `cashier` in the company's Cashier group (made for every company by pos.defaults.ts) (returned: the demo branch lists it). Its password is
 * the administrator's (the demo's `admin123`, or ADMIN_PASSWORD at the first start): the hash is copied, and the
 * start's listen guard (admin/server/listen-guard.ts) treats the users made with the company like the administrator.
 */
export async function demoCashier(ctx: Ctx, tx: Tx, opts: SetupOpts): Promise<number> {
  const [g] = (await tx.execute(sql`SELECT id FROM ${tableOf(group)} WHERE company_id = ${ctx.companyId} AND name = ${CASHIER_GROUP.name}`)).rows as { id: number }[];
  if (!g) throw new Error('demo: the Cashier group is missing (pos.defaults makes it)');
  const [admin] = (await tx.execute(sql`SELECT password_hash AS hash FROM users WHERE id = ${opts.userId}`)).rows as { hash: string | null }[];
  const u = await ops.create(ctx, user, { username: 'cashier', fullName: 'Noura Al-Mutairi', preferredLanguage: 'ar', isActive: true, groups: [g.id] },
    { set: { passwordHash: admin?.hash ?? null } });
  counted(opts, 'users', 1);
  return u.id;
}
