import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { postableAccountRef } from '../../accounting/model/account.refs';
import { VALUATION_METHODS } from './enums';

/** One row per company (made with the company); edited, never created or deleted by clients. */
const acc = (en: string, ar: string) => postableAccountRef({ en, ar });

export const inventorySettings = defineEntity({
  name: 'inventorySettings',
  module: 'inventory',
  path: 'settings',
  table: 'inventory_settings',
  label: { en: 'Inventory settings', ar: 'إعدادات المخزون' },
  pluralLabel: { en: 'Inventory settings', ar: 'إعدادات المخزون' },
  route: '/inventory/settings/settings',
  titleField: 'valuationMethod',
  operations: { create: false, delete: false },
  singleton: true,
  fields: {
    defaultWarehouseId: f.ref({ en: 'Default warehouse', ar: 'المستودع الافتراضي' }, 'warehouse'),
    defaultLocationId: f.ref({ en: 'Default location', ar: 'الموقع الافتراضي' }, 'location'),
    valuationMethod: f.enum({ en: 'Valuation method', ar: 'طريقة التقييم' }, VALUATION_METHODS, { required: true, default: 'fifo' }),
    lowStockThreshold: f.quantity({ en: 'Low stock threshold', ar: 'حد انخفاض المخزون' }, { min: 'nonNegative', default: '10' }),
    stockExpiryAlertDays: f.integer({ en: 'Expiry alert (days)', ar: 'تنبيه انتهاء الصلاحية (أيام)' }, { minValue: 0, maxValue: 3650, default: 30 }),
    enableBatchTracking: f.boolean({ en: 'Batch (lot) tracking', ar: 'تتبع الدفعات' }),
    enableSerialTracking: f.boolean({ en: 'Serial number tracking', ar: 'تتبع الأرقام التسلسلية' }),
    enableExpiryTracking: f.boolean({ en: 'Expiry tracking', ar: 'تتبع تاريخ الانتهاء' }),
    vendorLocationId: f.ref({ en: 'Vendors location', ar: 'موقع الموردين' }, 'location'),
    customerLocationId: f.ref({ en: 'Customers location', ar: 'موقع العملاء' }, 'location'),
    adjustmentLocationId: f.ref({ en: 'Inventory adjustment location', ar: 'موقع تسويات المخزون' }, 'location'),
    scrapLocationId: f.ref({ en: 'Default scrap location', ar: 'موقع الإتلاف الافتراضي' }, 'location'),
    defaultUomId: f.ref({ en: 'Default UOM', ar: 'وحدة القياس الافتراضية' }, 'uom'),
    minimumReplenishmentLevel: f.quantity({ en: 'Minimum stock replenishment level', ar: 'الحد الأدنى لإعادة التزويد' }, { min: 'nonNegative', default: '0' }),
    autoReplenishment: f.boolean({ en: 'Auto replenishment', ar: 'إعادة التزويد التلقائي' }),
    allowNegativeStock: f.boolean({ en: 'Allow negative stock', ar: 'السماح بالمخزون السالب' }),
    auditTrail: f.boolean({ en: 'Audit trail', ar: 'سجل التدقيق' }, { default: true }),
    journalId: f.ref({ en: 'Inventory journal', ar: 'دفتر المخزون' }, 'journal'),
    stockInputAccountId: acc('Stock received (counter) account', 'حساب البضاعة المستلمة (المقابل)'),
    lossAccountId: acc('Inventory loss and scrap account', 'حساب خسائر وإتلاف المخزون'),
    gainAccountId: acc('Inventory gain account', 'حساب أرباح المخزون'),
  },
  list: { columns: ['valuationMethod', 'defaultWarehouseId', 'allowNegativeStock'], defaultSort: 'valuationMethod' },
  form: {
    sections: [
      { title: { en: 'Stock', ar: 'المخزون' }, fields: ['defaultWarehouseId', 'defaultLocationId', 'defaultUomId', 'valuationMethod', 'allowNegativeStock', 'auditTrail'] },
      { title: { en: 'Counterpart locations', ar: 'المواقع المقابلة' }, fields: ['vendorLocationId', 'customerLocationId', 'adjustmentLocationId', 'scrapLocationId'] },
      { title: { en: 'Tracking and alerts', ar: 'التتبع والتنبيهات' }, fields: ['enableBatchTracking', 'enableSerialTracking', 'enableExpiryTracking', 'stockExpiryAlertDays', 'lowStockThreshold', 'minimumReplenishmentLevel', 'autoReplenishment'] },
      { title: { en: 'Accounting', ar: 'المحاسبة' }, fields: ['journalId', 'stockInputAccountId', 'lossAccountId', 'gainAccountId'] },
    ],
  },
});
