/**
 * The inventory module's public face. Documents of this module and other modules (sales, POS, purchases,
 * manufacturing) move stock only through postStock, inside their own transaction:
 *   const r = await postStock(tx, ctx, { date, reference: 'WH/OUT/0042', moveType: 'outgoing',
 *     source: { type: 'delivery', id: 42 }, lines: [{ productId, quantity: '2', fromLocationId, toLocationId }] });
 * It writes moves, quants, valuation layers and day totals and posts one journal entry (r.entry).
 */
export { inventoryModule } from './manifest';
export {
  postStock, type CounterKind, type StockLineInput, type StockMoveResult, type StockMoveType, type StockPostInput, type StockPostResult,
} from './server/stock.post';
export { verifyStock, rebuildStockDayTotals, type StockProblem } from './server/stock.verify';
export { loadInventorySettings, type InventorySettings, type ValuationMethod } from './server/inventory-settings.service';
