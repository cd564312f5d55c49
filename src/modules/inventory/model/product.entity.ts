import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { postableAccountRef } from '../../accounting/model/account.refs';
import { PRODUCT_TYPES } from './enums';

/**
 * A product. Storable products carry stock (moves, quants, valuation layers); consumables and services do not.
 * Accounts left empty are inherited from the category, then from the settings (server/product.accounts.ts).
 * Actions: generateBarcode (EAN-13, unique), generateSku, computeSalePrice (cost + default margin); `statistics` is
 * the permission of GET /api/inventory/products/:id/statistics (a read: no lock, no audit row).
 */
const req = (en: string, ar: string) => ({ required: true, messages: { required: { en, ar } } });
const acc = (en: string, ar: string) => postableAccountRef({ en, ar });

export const product = defineEntity({
  name: 'product',
  module: 'inventory',
  path: 'products',
  table: 'products',
  label: { en: 'Product', ar: 'منتج' },
  pluralLabel: { en: 'Products', ar: 'المنتجات' },
  route: '/inventory/inventory/products',
  titleField: 'name',
  fields: {
    name: f.text({ en: 'Name', ar: 'الاسم' }, { ...req('Name is required', 'الاسم مطلوب'), search: true, sort: true, max: 200 }),
    nameAr: f.text({ en: 'Arabic name', ar: 'الاسم بالعربية' }, { search: true, sort: true, max: 200 }),
    description: f.textarea({ en: 'Description', ar: 'الوصف' }, { max: 2000 }),
    categoryId: f.ref({ en: 'Category', ar: 'الفئة' }, 'productCategory', { ...req('Category is required', 'الفئة مطلوبة'), filter: true }),
    productType: f.enum({ en: 'Product type', ar: 'نوع المنتج' }, PRODUCT_TYPES, { ...req('Product type is required', 'نوع المنتج مطلوب'), default: 'storable', filter: true }),
    uomId: f.ref({ en: 'Unit of measure', ar: 'وحدة القياس' }, 'uom', { ...req('UOM is required', 'وحدة القياس مطلوبة'), filter: true }),
    cost: f.money({ en: 'Cost', ar: 'التكلفة' }, { min: 'nonNegative', default: '0', sort: true }),
    salePrice: f.money({ en: 'Sale price', ar: 'سعر البيع' }, { min: 'nonNegative', default: '0', sort: true, widget: 'productSalePrice' }),
    purchasePrice: f.money({ en: 'Purchase price', ar: 'سعر الشراء' }, { min: 'nonNegative', default: '0' }),
    barcode: f.text({ en: 'Barcode', ar: 'الباركود' }, { search: true, unique: true, max: 64, widget: 'productBarcode' }),
    sku: f.text({ en: 'SKU', ar: 'رمز المنتج (SKU)' }, { search: true, unique: true, sort: true, max: 64, widget: 'productSku' }),
    expiryDate: f.date({ en: 'Expiry date', ar: 'تاريخ الانتهاء' }, { filter: true }),
    image: f.image({ en: 'Image', ar: 'الصورة' }),
    isActive: f.boolean({ en: 'Active', ar: 'نشط' }, { default: true, filter: true }),
    salable: f.boolean({ en: 'Can be sold', ar: 'قابل للبيع' }, { default: true, filter: true }),
    purchasable: f.boolean({ en: 'Can be purchased', ar: 'قابل للشراء' }, { default: true, filter: true }),
    consumable: f.boolean({ en: 'Consumable', ar: 'مستهلك' }),
    storable: f.boolean({ en: 'Storable', ar: 'مخزني' }, { default: true }),
    service: f.boolean({ en: 'Service', ar: 'خدمة' }),
    rawMaterial: f.boolean({ en: 'Raw material', ar: 'مادة خام' }, { filter: true }),
    finishedProduct: f.boolean({ en: 'Finished product', ar: 'منتج تام' }, { filter: true }),
    incomeAccountId: acc('Income account', 'حساب الإيرادات'),
    expenseAccountId: acc('Expense (cost of sales) account', 'حساب المصروفات (تكلفة المبيعات)'),
    assetAccountId: acc('Asset account', 'حساب الأصل'),
    stockAccountId: acc('Stock (inventory) account', 'حساب المخزون'),
    countryOfOriginId: f.ref({ en: 'Country of origin', ar: 'بلد المنشأ' }, 'countryOfOrigin', { filter: true }),
    classificationId: f.ref({ en: 'Classification', ar: 'التصنيف' }, 'productClassification', { filter: true }),
    gradeId: f.ref({ en: 'Grade', ar: 'الدرجة' }, 'productGrade', { filter: true }),
    manufacturingCompanyId: f.ref({ en: 'Manufacturing company', ar: 'الشركة المصنعة' }, 'manufacturingCompany', { filter: true }),
    baseWeight: f.quantity({ en: 'Base weight (kg)', ar: 'الوزن الأساسي (كجم)' }, { min: 'nonNegative' }),
    reorderLevel: f.quantity({ en: 'Reorder level', ar: 'حد إعادة الطلب' }, { min: 'nonNegative' }),
  },
  // imports match a file's rows to products by SKU (core/import)
  import: { naturalKey: 'sku' },
  list: { columns: ['name', 'nameAr', 'sku', 'barcode', 'categoryId', 'productType', 'uomId', 'cost', 'salePrice', 'isActive'], defaultSort: 'name' },
  form: {
    sections: [
      { title: { en: 'Product', ar: 'المنتج' }, fields: ['name', 'nameAr', 'description', 'categoryId', 'productType', 'uomId', 'image'] },
      { title: { en: 'Prices and codes', ar: 'الأسعار والرموز' }, fields: ['cost', 'purchasePrice', 'salePrice', 'barcode', 'sku', 'expiryDate', 'reorderLevel', 'baseWeight'] },
      { title: { en: 'Flags', ar: 'الخصائص' }, fields: ['isActive', 'salable', 'purchasable', 'consumable', 'storable', 'service', 'rawMaterial', 'finishedProduct'] },
      { title: { en: 'Origin and grading', ar: 'المنشأ والتصنيف' }, fields: ['countryOfOriginId', 'classificationId', 'gradeId', 'manufacturingCompanyId'] },
      { title: { en: 'Accounts', ar: 'الحسابات' }, fields: ['incomeAccountId', 'expenseAccountId', 'assetAccountId', 'stockAccountId'] },
    ],
  },
  actions: {
    generateBarcode: { en: 'Generate barcode', ar: 'توليد باركود' },
    generateSku: { en: 'Generate SKU', ar: 'توليد رمز SKU' },
    computeSalePrice: { en: 'Compute sale price', ar: 'حساب سعر البيع' },
    statistics: { en: 'Statistics', ar: 'الإحصائيات' },
  },
});
