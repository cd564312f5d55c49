import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { postableAccountRef } from '../../accounting/model/account.refs';

/** A tree of product categories; products without their own income/expense/asset accounts inherit these. */
export const productCategory = defineEntity({
  name: 'productCategory',
  module: 'inventory',
  path: 'categories',
  table: 'product_categories',
  label: { en: 'Product category', ar: 'فئة المنتجات' },
  pluralLabel: { en: 'Product categories', ar: 'فئات المنتجات' },
  route: '/inventory/inventory/categories',
  titleField: 'name',
  fields: {
    name: f.text({ en: 'Name', ar: 'الاسم' }, { required: true, search: true, sort: true, max: 120 }),
    nameAr: f.text({ en: 'Arabic name', ar: 'الاسم بالعربية' }, { search: true, sort: true, max: 120 }),
    description: f.textarea({ en: 'Description', ar: 'الوصف' }, { max: 1000 }),
    parentId: f.ref({ en: 'Parent category', ar: 'الفئة الأم' }, 'productCategory', { filter: true }),
    incomeAccountId: postableAccountRef({ en: 'Income account', ar: 'حساب الإيرادات' }),
    expenseAccountId: postableAccountRef({ en: 'Expense account', ar: 'حساب المصروفات' }),
    assetAccountId: postableAccountRef({ en: 'Asset (inventory) account', ar: 'حساب الأصل (المخزون)' }),
  },
  list: { columns: ['name', 'nameAr', 'parentId'], defaultSort: 'name' },
  form: {
    sections: [
      { title: { en: 'Category', ar: 'الفئة' }, fields: ['name', 'nameAr', 'parentId', 'description'] },
      { title: { en: 'Accounts', ar: 'الحسابات' }, fields: ['incomeAccountId', 'expenseAccountId', 'assetAccountId'] },
    ],
  },
});
