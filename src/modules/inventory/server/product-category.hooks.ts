import { registerHooks } from '../../../core/entity/hooks';
import { productCategory } from '../model/product-category.entity';
import { fieldError, mm } from './master-data.messages';
import { categoryHasChildren, categoryHasProducts, wouldLoop } from './product-category.service';

/**
 * Product categories stay a tree: a parent is never the category itself nor one of its descendants. Accounts
 * must take postings (their fields' `filters`); products inherit the ones they leave empty (product-category.service.ts). A category with
 * sub-categories or products cannot be deleted.
 */
registerHooks(productCategory, {
  async beforeUpdate(ctx, tx, changes, before) {
    const parent = changes.parentId;
    if (typeof parent === 'number' && parent !== before.parentId && (parent === before.id || await wouldLoop(tx, ctx.companyId, before.id, parent)))
      throw fieldError(mm.categoryLoop, ctx.locale, 'parentId');
  },
  async beforeDelete(ctx, tx, row) {
    if (await categoryHasChildren(tx, row.id)) throw fieldError(mm.categoryHasChildren, ctx.locale, '_', 409);
    if (await categoryHasProducts(tx, row.id)) throw fieldError(mm.categoryHasProducts, ctx.locale, '_', 409);
  },
});
