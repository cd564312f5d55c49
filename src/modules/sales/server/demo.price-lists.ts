import { and, eq, inArray } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { ops } from '../../../core/entity/operations';
import { counted, type SetupOpts, setupCtx } from '../../../core/tenancy/company-setup';
import { productCategory } from '../../inventory/model/product-category.entity';
import { product } from '../../inventory/model/product.entity';
import { priceList } from '../model/price-list.entity';

/**
 * The demo's wholesale price list (after inventory's demo products): a category discount and two fixed prices by
 * quantity, made through the generic operation (its items checked as a user's would be), so the price list screens
 * and a till sale or order that picks the list show what a list does. Not the default: the demo's sales keep the
 * products' prices unless a list is chosen.
 */
export async function demoPriceLists(tx: Tx, companyId: number, opts: SetupOpts): Promise<void> {
  const ct = tableOf(productCategory);
  const pt = tableOf(product);
  const [office] = await tx.select({ id: ct.id }).from(ct).where(and(eq(ct.companyId, companyId), eq(ct.name, 'Office supplies')));
  const products = new Map((await tx.select({ id: pt.id, name: pt.name }).from(pt)
    .where(and(eq(pt.companyId, companyId), inArray(pt.name, ['Mineral water (carton)', 'Basmati rice'])))).map((p) => [p.name, p.id]));
  const water = products.get('Mineral water (carton)');
  const rice = products.get('Basmati rice');
  if (!office || !water || !rice) return;
  await ops.create(setupCtx(companyId, opts), priceList, {
    name: 'Wholesale', nameAr: 'الجملة', currency: 'SAR', isDefault: false, isActive: true,
    items: [
      { categoryId: office.id, productId: null, minQuantity: '10', fixedPrice: null, discountPercent: '10' },
      { productId: water, categoryId: null, minQuantity: '20', fixedPrice: '14.50', discountPercent: null },
      { productId: rice, categoryId: null, minQuantity: '50', fixedPrice: '8.75', discountPercent: null },
    ],
  });
  counted(opts, 'price lists');
}
