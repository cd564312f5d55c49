/**
 * The inventory module's public face. Documents of this module and other modules (sales, POS, purchases,
 * manufacturing) move stock only through postStock, inside their own transaction:
 *   const r = await postStock(tx, ctx, { date, reference: 'WH/OUT/0042', moveType: 'outgoing',
 *     source: { type: 'delivery', id: 42 }, lines: [{ productId, quantity: '2', fromLocationId, toLocationId }] });
 * It writes moves, quants, valuation layers and day totals and posts one journal entry (r.entry).
 * Quantities (on hand, reserved, available), reservations for a source document (joining the caller's withTx) and
 * the moves of a source: see README.md "Public entry besides postStock".
 */
export { inventoryModule } from './manifest';
export {
  postStock, type CounterKind, type StockLineInput, type StockMoveResult, type StockMoveType, type StockPostInput, type StockPostResult,
} from './server/stock.post';
export { verifyStock, rebuildStockDayTotals, type StockProblem } from './server/stock.verify';
export { loadInventorySettings, type InventorySettings, type ValuationMethod } from './server/inventory-settings.service';
export { releaseStock, reserveStock, type ReleaseInput, type Released, type Reserved, type ReserveInput, type SourceRef } from './server/stock.reservations';
export {
  movesOfSource, reservationsOf, stockQuantities, type QuantityQuery, type SourceMove, type SourceReservation, type StockQuantity,
} from './server/stock.reads';
export { deliverGoods, type Delivered, type DeliveryInput } from './server/delivery.entry';
export { productsForSale, type SaleProduct, type SaleUom } from './server/product.reads';
export { categoryProductsSql, productLabelsSql, productRefsExistSql } from './server/product.report-sql';
export { receiveReturn, type ReturnInInput, type ReturnedIn } from './server/return.entry';
