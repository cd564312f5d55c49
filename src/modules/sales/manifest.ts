import { defineModule } from '../../core/entity/module';
import { paymentTerm } from './model/payment-term.entity';
import { priceList } from './model/price-list.entity';
import { salesOrder } from './model/sales-order.entity';
import { salesReason } from './model/sales-reason.entity';
import { salesSettings } from './model/sales-settings.entity';
import { salesperson } from './model/salesperson.entity';
import { salesReturn } from './model/sales-return.entity';

const SALES_REPORT_ROUTES: [string, string, string][] = [
  ['product-sales', 'Product sales', 'مبيعات المنتجات'], ['customer-sales', 'Customer sales', 'مبيعات العملاء'],
  ['customer-statement', 'Customer statement', 'كشف حساب عميل'], ['sales-analysis', 'Sales analysis', 'تحليل المبيعات'],
  ['purchase-analysis', 'Purchase analysis', 'تحليل المشتريات'], ['expense-analysis', 'Expense analysis', 'تحليل المصروفات'],
  ['sales-order', 'Sales orders report', 'تقرير أوامر البيع'], ['sales-summary', 'Sales summary', 'ملخص المبيعات'], ['salesperson', 'Salesperson sales', 'مبيعات المندوبين'],
  ['sales-return', 'Sales returns', 'مرتجعات المبيعات'],
];

/** Sales: master data, price lists, settings and sales orders (depends on inventory and accounting). */
export const salesModule = defineModule({
  key: 'sales',
  label: { en: 'Sales', ar: 'المبيعات' },
  icon: 'shopping-cart',
  order: 35,
  card: true,
  entities: [paymentTerm, salesReason, salesperson, priceList, salesSettings, salesOrder, salesReturn],
  screens: [
    { route: '/sales/orderdetails/{id}', label: { en: 'Sales order', ar: 'أمر بيع' }, permission: 'sales.salesOrder.view', hidden: true },
    { route: '/sales/payment', label: { en: 'Bulk payment', ar: 'دفعة مجمعة' }, permission: 'sales.salesOrder.pay' },
    { route: '/contacts/pricelist', label: { en: 'Price lists (contacts)', ar: 'قوائم الأسعار (جهات الاتصال)' }, permission: 'sales.priceList.view' },
    // Reports (web/reports/): the index and one screen per report, all behind the order's view permission
    { route: '/sales/reports', label: { en: 'Sales reports', ar: 'تقارير المبيعات' }, permission: 'sales.salesOrder.view' },
    ...SALES_REPORT_ROUTES.map(([slug, en, ar]) => ({ route: `/sales/reports/${slug}`, label: { en, ar }, permission: 'sales.salesOrder.view', hidden: true })),
    { route: '/sales/returndetails/{id}', label: { en: 'Sales return', ar: 'مرتجع مبيعات' }, permission: 'sales.salesReturn.view', hidden: true },
  ],
});
