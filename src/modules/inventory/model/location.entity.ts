import { defineEntity } from '../../../core/entity/define';
import { f } from '../../../core/entity/field';
import { LOCATION_KINDS } from './enums';

/**
 * A stock location. Internal locations belong to a warehouse and hold valued stock, except scrap locations
 * (stock there is written off). Vendor, customer and virtual locations are the other side of moves.
 */
export const location = defineEntity({
  name: 'location',
  module: 'inventory',
  path: 'locations',
  table: 'locations',
  label: { en: 'Location', ar: 'موقع' },
  pluralLabel: { en: 'Locations', ar: 'المواقع' },
  route: '/inventory/locations/location',
  titleField: 'name',
  fields: {
    name: f.text({ en: 'Name', ar: 'الاسم' }, { required: true, search: true, sort: true, max: 120 }),
    nameAr: f.text({ en: 'Arabic name', ar: 'الاسم بالعربية' }, { search: true, sort: true, max: 120 }),
    warehouseId: f.ref({ en: 'Warehouse', ar: 'المستودع' }, 'warehouse', { filter: true, messages: { required: { en: 'Warehouse is required', ar: 'المستودع مطلوب' } } }),
    kind: f.enum({ en: 'Location type', ar: 'نوع الموقع' }, LOCATION_KINDS, { required: true, default: 'internal', filter: true }),
    isScrap: f.boolean({ en: 'Scrap location', ar: 'موقع إتلاف' }, { filter: true }),
    isActive: f.boolean({ en: 'Active', ar: 'نشط' }, { default: true, filter: true }),
  },
  // a location is named within its warehouse ("Stock" in each): made with the warehouse, not imported
  import: { disabled: true },
  list: { columns: ['name', 'nameAr', 'warehouseId', 'kind', 'isScrap', 'isActive'], defaultSort: 'name' },
});
