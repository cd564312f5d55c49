/** The public entries of the modules sales builds on, in one place: sales reaches accounting and inventory only through them. */
export {
  beyondCurrency, chartIds, computeInvoice, invoiceById, issueInvoice, openInvoicesOf, paidInvoice, payInvoice,
  type OpenInvoice,
  type Invoice, type NewInvoice,
  salesTaxes, type InvoiceTax, loadSettings,
} from '../../accounting';
export { deliverGoods, loadInventorySettings, productsForSale, type DeliveryInput, type SaleProduct } from '../../inventory';
export { creditInvoice, quoteInvoice, type CreditNote } from '../../accounting';
export { movesOfSource, receiveReturn, stockQuantities } from '../../inventory';
