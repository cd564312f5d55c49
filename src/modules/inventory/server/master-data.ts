/**
 * The master data's business hooks and demo data (imported once by the module's server plugin, after
 * inventory.defaults so that the demo runs on a company that already has its units, warehouse and settings).
 */
import './product.hooks';
import './product-category.hooks';
import './uom-group.hooks';
import './uom.hooks';
import './warehouse.hooks';
import './location.hooks';
import './inventory-settings.hooks';
import './demo';
import './demo-year';
export { registerMasterDataRoutes } from './master-data.routes';
