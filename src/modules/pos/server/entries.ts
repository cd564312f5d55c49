/** The public entries of the modules the point of sale builds on, in one place: POS reaches them only through these. */
export { beyondCurrency, chartIds, currencyDecimals, loadSettings, postEntry, receivableBalancesOf, receivableBalancesSql } from '../../accounting';
export { quoteTillLines, sellAtTill, sessionOrders, type SessionOrders, type TillSaleInput } from '../../sales';
export { loadInventorySettings, stockQuantities } from '../../inventory';
// till returns (server/return.*.ts)
export { confirmReturn, createReturn, findTillOrders, loadReturnSettings, orderIdByNumber, quoteReturn, returnableLines, returnReasons } from '../../sales';
export { productsForSale } from '../../inventory';
