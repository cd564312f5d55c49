/** The whole schema, for drizzle-kit and for the server. Entity tables derive from the module registry. */
import { entities } from '../../modules/registry';
import { allJunctions, buildTables } from './entity-table';

export * from './system.schema';
export * from '../../modules/accounting/server/ledger.schema';
export * from '../../modules/accounting/server/zatca/zatca.schema';
export * from '../../modules/inventory/server/stock.schema';
export * from '../../modules/inventory/server/stock-totals.schema';
export * from '../../modules/inventory/server/stock-reservations.schema';
export * from '../../modules/sales/server/order-lines.schema';
export * from '../../modules/pos/server/pos-payments.schema';
export * from '../../modules/sales/server/return-lines.schema';

const built = buildTables(entities);
export const entityTables = Object.fromEntries([...built.entries()].map(([name, t]) => [`${name}Table`, t]));
export const junctionTables = Object.fromEntries(allJunctions().map((t, i) => [`junction${i}`, t]));
export * from '../../modules/sales/server/sales-totals.schema';
