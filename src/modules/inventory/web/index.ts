import type { ModuleWeb, WebScreen } from '../../../web/moduleWeb';

/**
 * Browser code of the inventory module (lazy loaders only): record pages of products and stock documents, the
 * stock moves list with its details dialog, the new-adjustment page, the dashboard and reports, and the editors of
 * the documents' items and of the product's barcode, SKU and sale price.
 */
const doc = (route: string, screen: keyof typeof import('./DocumentDetailScreen')): WebScreen => ({
  route,
  load: () => import('./DocumentDetailScreen').then((m) => ({ default: m[screen] })),
});

export const web: ModuleWeb = {
  screens: [
    { route: '/inventory/inventory/products/{id}', load: () => import('./ProductDetailScreen') },
    doc('/inventory/transactions/receipt/{id}', 'ReceiptScreen'),
    doc('/inventory/transactions/delivery/{id}', 'DeliveryScreen'),
    doc('/inventory/transactions/transfer/{id}', 'TransferScreen'),
    doc('/inventory/transactions/scrap/{id}', 'ScrapScreen'),
    doc('/inventory/transactions/stock-adjustment/{id}', 'StockAdjustmentScreen'),
    doc('/inventory/settings/beginningbalance/{id}', 'OpeningScreen'),
    { route: '/inventory/transactions/stock-adjustment', load: () => import('./NewAdjustmentScreen') },
    { route: '/inventory/transactions/stockmoves', load: () => import('./StockMovesScreen') },
    // Dashboard and reports (web/dashboard/, web/reports/):
    { route: '/inventory/dashboard', load: () => import('./dashboard/DashboardScreen') },
    { route: '/inventory/reports', load: () => import('./reports/ReportsIndexScreen') },
    { route: '/inventory/reports/index', load: () => import('./reports/ReportsIndexScreen') },
    ...['stock-balance', 'stock-movement', 'reorder-level', 'slow-moving-items']
      .map((slug) => ({ route: `/inventory/reports/${slug}`, load: () => import('./reports/InventoryReportScreen') })),
  ],
  widgets: {
    receiptItems: () => import('./ReceiptItemsWidget'),
    moveItems: () => import('./MoveItemsWidget'),
    adjustmentItems: () => import('./AdjustmentItemsWidget'),
    openingItems: () => import('./OpeningItemsWidget'),
    productBarcode: () => import('./ProductBarcodeWidget'),
    productSku: () => import('./ProductSkuWidget'),
    productSalePrice: () => import('./ProductSalePriceWidget'),
  },
};
