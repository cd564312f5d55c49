/**
 * The sales module's public face, for the point of sale (src/modules/pos): a till sale is a sales order created,
 * confirmed (stock out, invoice) and paid inside the caller's transaction, and a session's orders are totalled in
 * one statement. See README.md "Public entry".
 */
export { salesModule } from './manifest';
export { quoteTillLines, sellAtTill, type TillSaleInput } from './server/till.sale';
export { sessionOrders, type SessionOrders } from './server/session.orders';
