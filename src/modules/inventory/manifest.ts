import { defineModule } from '../../core/entity/module';
import { delivery } from './model/delivery.entity';
import { inventoryOpening } from './model/inventory-opening.entity';
import { inventorySettings } from './model/inventory-settings.entity';
import { location } from './model/location.entity';
import { warehouse } from './model/warehouse.entity';
import { countryOfOrigin, manufacturingCompany, productClassification, productGrade } from './model/lookups.entity';
import { productCategory } from './model/product-category.entity';
import { product } from './model/product.entity';
import { receipt } from './model/receipt.entity';
import { scrap } from './model/scrap.entity';
import { stockAdjustment } from './model/stock-adjustment.entity';
import { stockItem } from './model/stock-item.entity';
import { stockLot } from './model/stock-lot.entity';
import { stockMove } from './model/stock-move.entity';
import { transfer } from './model/transfer.entity';
import { uomGroup } from './model/uom-group.entity';
import { uom } from './model/uom.entity';
import { valuationLayer } from './model/valuation-layer.entity';

const detail = (route: string, entity: string, en: string, ar: string) =>
  ({ route, label: { en, ar }, permission: `inventory.${entity}.view`, hidden: true });
const report = (slug: string, en: string, ar: string) =>
  ({ route: `/inventory/reports/${slug}`, label: { en, ar }, permission: 'inventory.stockMove.reports' });

/** Order matters: referenced entities come before those that refer to them (tables are built in this order). */
export const inventoryModule = defineModule({
  key: 'inventory',
  label: { en: 'Inventory', ar: 'المخزون' },
  icon: 'packages',
  order: 30,
  card: true,
  entities: [
    uomGroup, uom, productCategory, countryOfOrigin, productClassification, productGrade, manufacturingCompany,
    product, warehouse, location, inventorySettings, stockLot, stockItem, stockMove, valuationLayer,
    receipt, delivery, transfer, scrap, stockAdjustment, inventoryOpening,
  ],
  screens: [
    { route: '/inventory/dashboard', label: { en: 'Inventory dashboard', ar: 'لوحة المخزون' }, permission: 'inventory.stockItem.view' },
    detail('/inventory/transactions/receipt/{id}', 'receipt', 'Receipt', 'إيصال استلام'),
    detail('/inventory/transactions/delivery/{id}', 'delivery', 'Delivery', 'إذن تسليم'),
    detail('/inventory/transactions/transfer/{id}', 'transfer', 'Transfer', 'تحويل مخزني'),
    detail('/inventory/transactions/scrap/{id}', 'scrap', 'Scrap', 'إتلاف'),
    detail('/inventory/transactions/stock-adjustment/{id}', 'stockAdjustment', 'Stock adjustment', 'تسوية مخزون'),
    { route: '/inventory/transactions/stock-adjustment', label: { en: 'New stock adjustment', ar: 'تسوية مخزون جديدة' }, permission: 'inventory.stockAdjustment.add', hidden: true },
    { route: '/inventory/reports', label: { en: 'Inventory reports', ar: 'تقارير المخزون' }, permission: 'inventory.stockMove.reports' },
    { route: '/inventory/reports/index', label: { en: 'Inventory reports', ar: 'تقارير المخزون' }, permission: 'inventory.stockMove.reports', hidden: true },
    report('stock-balance', 'Stock balance', 'رصيد المخزون'),
    report('stock-movement', 'Stock movement', 'حركة المخزون'),
    report('reorder-level', 'Reorder level', 'حد إعادة الطلب'),
    report('slow-moving-items', 'Slow-moving items', 'الأصناف بطيئة الحركة'),
  ],
});
