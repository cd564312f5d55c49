import { eq } from 'drizzle-orm';
import { junctionOf, tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import type { Data } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { ops } from '../../../core/entity/operations';
import { counted, inLanguage, registerCompanySetup, setupCtx } from '../../../core/tenancy/company-setup';
import { demoYear } from '../../../core/tenancy/demo-year';
import { companyToday } from '../../../core/time/company-time';
import { chartIds } from '../../accounting';
import { inventoryOpening } from '../model/inventory-opening.entity';
import { countryOfOrigin, manufacturingCompany, productClassification, productGrade } from '../model/lookups.entity';
import { location } from '../model/location.entity';
import { productCategory } from '../model/product-category.entity';
import { product } from '../model/product.entity';
import { uom } from '../model/uom.entity';
import { warehouse } from '../model/warehouse.entity';
import { ean13 } from './barcode';
import { loadInventorySettings } from './inventory-settings.service';
import { typeFlags } from './product.service';
import { skuOf, skuStem } from './product.sku';

/**
 * Demo master data for a demo company (runs after inventory.defaults): bilingual categories and lookups, twelve
 * products with valid EAN-13 barcodes (internal 20 prefix), SKUs, costs and prices (Arabic names with hamza
 * forms and tashkeel, to show Arabic search folding), a second warehouse with a location, and opening stock
 * posted through the inventory beginning balance (its own hooks: stock moves, valuation layers, opening entry).
 */
type Ids = Map<string, number>;

async function insertNamed(tx: Tx, def: Parameters<typeof tableOf>[0], by: Data, rows: Data[]): Promise<Ids> {
  const t = tableOf(def);
  const out = await tx.insert(t).values(rows.map((r) => ({ ...by, ...r }))).returning({ id: t.id, name: t.name });
  return new Map(out.map((r) => [r.name as string, r.id as number]));
}

type P = [en: string, ar: string, category: string, uom: string, cost: string, price: string, country: string | null, maker: string | null, qty: string];
const PRODUCTS: P[] = [
  ['Wireless mouse', 'فأرة لاسلكية', 'Electronics', 'Unit', '45.00', '65.00', 'China', 'Nour Electronics', '40'],
  ['USB-C charger 65 W', 'شاحن يو إس بي سي ٦٥ واط', 'Electronics', 'Unit', '30.00', '49.00', 'China', 'Nour Electronics', '60'],
  ['Scientific calculator', 'آلة حاسبة علمية', 'Electronics', 'Unit', '55.00', '79.00', 'China', 'Nour Electronics', '25'],
  ['LED desk lamp', 'مصباح مكتب إضاءة ليد', 'Electronics', 'Unit', '90.00', '135.00', 'Germany', null, '12'],
  ['Basmati rice', 'أرز بسمتي', 'Food', 'Kilogram', '7.50', '9.75', 'Egypt', 'Al-Wadi Foods', '500'],
  ['Sukkari dates', 'تمر سكري', 'Food', 'Kilogram', '28.00', '38.00', 'Saudi Arabia', 'Al-Wadi Foods', '150'],
  ['Olive oil', 'زيت زيتون بِكر', 'Food', 'Litre', '22.00', '29.00', 'Egypt', 'Al-Wadi Foods', '80'],
  ['Mineral water (carton)', 'مياه معدنية (كرتونة)', 'Food', 'Unit', '12.00', '16.50', 'Saudi Arabia', null, '200'],
  ['A4 copy paper (ream)', 'ورق تصوير A4 (رزمة)', 'Office supplies', 'Unit', '18.00', '25.00', 'Germany', 'Delta Paper', '120'],
  ['Ballpoint pens', 'أقلام حبر جاف', 'Office supplies', 'Dozen', '14.00', '20.00', 'China', 'Delta Paper', '30'],
  ['Stapler', 'دبّاسة مكتبية', 'Office supplies', 'Unit', '16.00', '24.00', 'China', null, '35'],
  ['Delivery service', 'خدمة توصيل', 'Services', 'Unit', '0.00', '25.00', null, null, '0'],
];

registerCompanySetup('inventory.demo', async (tx: Tx, companyId, opts) => {
  if (!opts.demo) return;
  const { userId } = opts;
  const by = { companyId, createdBy: userId, updatedBy: userId };
  const { accounts } = await chartIds(tx, companyId, { accounts: ['4101', '5101', '1104'] });
  const [income, cogs, stock] = [accounts['4101']!, accounts['5101']!, accounts['1104']!];

  const cats = await insertNamed(tx, productCategory, by, [
    { name: 'Electronics', nameAr: 'إلكترونيات', incomeAccountId: income, expenseAccountId: cogs, assetAccountId: stock },
    { name: 'Food', nameAr: 'مواد غذائية', incomeAccountId: income, expenseAccountId: cogs, assetAccountId: stock },
    { name: 'Office supplies', nameAr: 'قرطاسية', incomeAccountId: income, expenseAccountId: cogs, assetAccountId: stock },
    { name: 'Services', nameAr: 'خدمات', incomeAccountId: income },
  ]);
  const countries = await insertNamed(tx, countryOfOrigin, by, [
    { code: 'SA', name: 'Saudi Arabia', nameAr: 'السعودية' }, { code: 'EG', name: 'Egypt', nameAr: 'مصر' },
    { code: 'CN', name: 'China', nameAr: 'الصين' }, { code: 'DE', name: 'Germany', nameAr: 'ألمانيا' },
  ]);
  const grades = await insertNamed(tx, productGrade, by, [
    { name: 'Grade A', nameAr: 'الدرجة الأولى' }, { name: 'Grade B', nameAr: 'الدرجة الثانية' },
  ]);
  const classes = await insertNamed(tx, productClassification, by, [
    { name: 'Local', nameAr: 'محلي' }, { name: 'Imported', nameAr: 'مستورد' },
  ]);
  const makers = await insertNamed(tx, manufacturingCompany, by, [
    { name: 'Nour Electronics', nameAr: 'نور للإلكترونيات' }, { name: 'Al-Wadi Foods', nameAr: 'الوادي للأغذية' },
    { name: 'Delta Paper', nameAr: 'دلتا للورق' },
  ]);

  const ut = tableOf(uom);
  const units = new Map((await tx.select({ id: ut.id, name: ut.name }).from(ut).where(eq(ut.companyId, companyId))).map((u) => [u.name as string, u.id as number]));
  const pt = tableOf(product);
  const made = await tx.insert(pt).values(PRODUCTS.map(([name, nameAr, cat, unit, cost, salePrice, country, maker], i) => {
    const productType = cat === 'Services' ? 'service' : 'storable';
    return {
      ...by, name, nameAr, categoryId: cats.get(cat)!, uomId: units.get(unit)!, productType, ...typeFlags(productType),
      cost, purchasePrice: cost, salePrice, reorderLevel: productType === 'storable' ? '10' : null,
      barcode: ean13('2000000000' + String(i + 1).padStart(2, '0')), sku: skuOf(skuStem(cat, name)!, 1),
      countryOfOriginId: country ? countries.get(country)! : null, manufacturingCompanyId: maker ? makers.get(maker)! : null,
      classificationId: classes.get(country === 'Saudi Arabia' ? 'Local' : 'Imported')!, gradeId: grades.get(i % 3 === 2 ? 'Grade B' : 'Grade A')!,
      salable: true, purchasable: productType === 'storable', finishedProduct: productType === 'storable',
    };
  })).returning({ id: pt.id, name: pt.name });
  const productId = new Map(made.map((p) => [p.name as string, p.id as number]));

  const wt = tableOf(warehouse);
  const [jed] = await tx.insert(wt).values({
    ...by, code: 'JED', name: 'Jeddah warehouse', nameAr: 'مستودع جدة', address: inLanguage(opts, 'Al-Baghdadiyah, Jeddah', 'البغدادية، جدة'), locationsCount: 1,
  }).returning({ id: wt.id });
  await tx.insert(junctionOf(warehouse, 'managers')).values({ ownerId: jed!.id, targetId: userId });
  const lt = tableOf(location);
  await tx.insert(lt).values({ ...by, name: 'Jeddah stock', nameAr: 'مخزون جدة', kind: 'internal', warehouseId: jed!.id });

  const ctx = setupCtx(companyId, opts);
  const start = demoYear(companyToday(ctx)).start;
  await openingStock(tx, ctx, PRODUCTS.filter((p) => p[8] !== '0').map((p) => ({ productId: productId.get(p[0])!, quantity: p[8], unitCost: p[4], ...openingLot(p, start) })));
  counted(opts, 'products', PRODUCTS.length);
});

/** Opening stock of the demo products in the default location: a beginning balance, created and posted by its own operations. */
async function openingStock(tx: Tx, ctx: Ctx, items: Data[]): Promise<void> {
  const settings = await loadInventorySettings(tx, ctx.companyId);
  if (!settings.defaultLocationId || !items.length) return;
  const row = await ops.create(ctx, inventoryOpening, { referenceNumber: 'OPEN-DEMO', date: demoYear(companyToday(ctx)).start, locationId: settings.defaultLocationId, items });
  await ops.transition(ctx, inventoryOpening, row.id, 'post');
}

/** Food comes in lots with an expiry date (a year after the opening). */
function openingLot(p: P, start: string): Data {
  if (p[2] !== 'Food') return {};
  return { lotName: `${p[0].slice(0, 3).toUpperCase()}-OPEN`, expiryDate: `${Number(start.slice(0, 4)) + 1}${start.slice(4)}` };
}
