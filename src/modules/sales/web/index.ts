import type { ModuleWeb } from '../../../web/moduleWeb';

/** Browser code of the sales module (lazy loaders only): the editors of price list items and order lines;
 * the sales reports. */
export const web: ModuleWeb = {
  screens: [
    { route: '/sales/orderdetails/{id}', load: () => import('./OrderDetailScreen') },
    { route: '/sales/payment', load: () => import('./BulkPaymentScreen') },
    { route: '/sales/salesperson/{id}', load: () => import('./SalespersonDetailScreen') },
    { route: '/contacts/pricelist', load: () => import('./ContactsPriceListScreen') },
    // Sales reports (web/reports/):
    { route: '/sales/reports', load: () => import('./reports/SalesReportsIndex') },
    ...['product-sales', 'customer-sales', 'customer-statement', 'sales-analysis', 'purchase-analysis', 'expense-analysis', 'sales-order', 'sales-summary', 'salesperson', 'sales-return']
      .map((slug) => ({ route: `/sales/reports/${slug}`, load: () => import('./reports/SalesReportScreen') })),
  ],
  widgets: {
    priceListItems: () => import('./PriceListItemsWidget'),
    orderItems: () => import('./OrderItemsWidget'),
    returnItems: () => import('./ReturnItemsWidget'),
  },
};
