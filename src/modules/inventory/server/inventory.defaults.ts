import { sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { type SetupOpts, inLanguage, registerCompanySetup } from '../../../core/tenancy/company-setup';
import { chartIds } from '../../accounting';
import { inventorySettings } from '../model/inventory-settings.entity';
import { location } from '../model/location.entity';
import { uomGroup } from '../model/uom-group.entity';
import { uom } from '../model/uom.entity';
import { warehouse } from '../model/warehouse.entity';

/**
 * Every new company gets bilingual units of measure, a main warehouse with its stock and scrap locations, the
 * counterpart locations (vendors, customers, inventory adjustment) and its inventory settings pointing at them
 * and at the inventory journal and accounts of the default chart (runs after 'accounting.defaults').
 */
type U = [en: string, ar: string, abbr: string, abbrAr: string | null, factor: string];
const UOMS: [group: [string, string], units: U[]][] = [
  [['Units', 'الوحدات'], [['Unit', 'وحدة', 'u', null, '1'], ['Dozen', 'دزينة', 'dz', null, '12']]],
  [['Weight', 'الوزن'], [['Kilogram', 'كيلوغرام', 'kg', 'كغ', '1'], ['Gram', 'غرام', 'g', 'غ', '0.001'], ['Ton', 'طن', 't', 'طن', '1000']]],
  [['Volume', 'الحجم'], [['Litre', 'لتر', 'L', 'ل', '1'], ['Millilitre', 'مليلتر', 'mL', 'مل', '0.001']]],
  [['Length', 'الطول'], [['Metre', 'متر', 'm', 'م', '1'], ['Centimetre', 'سنتيمتر', 'cm', 'سم', '0.01']]],
];

export async function createInventoryDefaults(tx: Tx, companyId: number, opts: Pick<SetupOpts, 'userId' | 'language'>): Promise<void> {
  const { userId } = opts;
  const by = { companyId, createdBy: userId, updatedBy: userId };
  const gt = tableOf(uomGroup);
  const ut = tableOf(uom);
  let unitId: number | null = null;
  for (const [[gEn, gAr], units] of UOMS) {
    const [g] = await tx.insert(gt).values({ ...by, name: gEn, nameAr: gAr }).returning({ id: gt.id });
    const rows = await tx.insert(ut).values(units.map(([name, nameAr, abbreviation, abbreviationAr, conversionFactor]) =>
      ({ ...by, name, nameAr, abbreviation, abbreviationAr, conversionFactor, groupId: g!.id }))).returning({ id: ut.id, name: ut.name });
    unitId ??= (rows.find((r) => r.name === 'Unit')?.id as number | undefined) ?? null;
  }

  const co = (await tx.execute(sql`SELECT address FROM companies WHERE id = ${companyId}`)).rows[0] as { address?: string | null } | undefined;
  const wt = tableOf(warehouse);
  const [wh] = await tx.insert(wt).values({
    ...by, code: 'WH', name: 'Main warehouse', nameAr: 'المستودع الرئيسي',
    address: co?.address?.trim() || inLanguage(opts, 'Head office', 'المقر الرئيسي'), locationsCount: 2,
  }).returning({ id: wt.id });
  const whId = wh!.id as number;

  const lt = tableOf(location);
  const loc = async (name: string, nameAr: string, kind: string, o: { warehouseId?: number; isScrap?: boolean } = {}) => {
    const [row] = await tx.insert(lt).values({ ...by, name, nameAr, kind, warehouseId: o.warehouseId ?? null, isScrap: o.isScrap ?? false })
      .returning({ id: lt.id });
    return row!.id as number;
  };
  const stock = await loc('Stock', 'المخزون', 'internal', { warehouseId: whId });
  const scrap = await loc('Scrap', 'التالف', 'internal', { warehouseId: whId, isScrap: true });
  const vendors = await loc('Vendors', 'الموردون', 'vendor');
  const customers = await loc('Customers', 'العملاء', 'customer');
  const adjustment = await loc('Inventory adjustment', 'تسويات المخزون', 'virtual');

  const chart = await chartIds(tx, companyId, { journals: ['STK'], accounts: ['2104', '5106', '4104'] });
  const ids = { journalId: chart.journals.STK!, stockInput: chart.accounts['2104']!, loss: chart.accounts['5106']!, gain: chart.accounts['4104']! };

  await tx.insert(tableOf(inventorySettings)).values({
    ...by, valuationMethod: 'fifo', defaultWarehouseId: whId, defaultLocationId: stock, defaultUomId: unitId,
    vendorLocationId: vendors, customerLocationId: customers, adjustmentLocationId: adjustment, scrapLocationId: scrap,
    journalId: ids.journalId, stockInputAccountId: ids.stockInput, lossAccountId: ids.loss, gainAccountId: ids.gain,
  });
}

registerCompanySetup('inventory.defaults', (tx, companyId, opts) => createInventoryDefaults(tx, companyId, opts));
