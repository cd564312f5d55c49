/**
 * The sales module's public face, for the point of sale (src/modules/pos): a till sale is a sales order created,
 * confirmed (stock out, invoice) and paid inside the caller's transaction, and a session's orders are totalled in
 * one statement; a till return is a sales return created and confirmed (credit note, stock back at the original
 * cost, refund) in the caller's transaction. See README.md "Public entry".
 */
export { salesModule } from './manifest';
export { quoteTillLines, sellAtTill, type TillSaleInput } from './server/till.sale';
export { sessionOrders, type SessionOrders } from './server/session.orders';
export {
  confirmReturn, createReturn, orderIdByNumber, quoteReturn, returnableLines, returnReasons, type NewReturn,
} from './server/return.service';
export { loadReturnSettings, type ReturnSettings } from './server/return.settings';
export { findTillOrders, type TillOrderMatch } from './server/till-orders.search';
