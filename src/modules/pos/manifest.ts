import { defineModule } from '../../core/entity/module';
import { posBranch } from './model/pos-branch.entity';
import { posSession } from './model/pos-session.entity';
import { posSettings } from './model/pos-settings.entity';

/** Point of sale: branches, sessions and the till sale (depends on sales, inventory and accounting; README.md). */
export const posModule = defineModule({
  key: 'pos',
  label: { en: 'Point of sale', ar: 'نقطة البيع' },
  icon: 'cash-register',
  order: 36,
  card: true,
  entities: [posBranch, posSession, posSettings],
  screens: [
    { route: '/pos/order', label: { en: 'Till', ar: 'شاشة البيع' }, permission: 'pos.posSession.sell' },
    { route: '/pos/oldorders', label: { en: 'Past orders', ar: 'الطلبات السابقة' }, permission: 'sales.salesOrder.view' },
    { route: '/pos/return', label: { en: 'Till returns', ar: 'مرتجعات نقطة البيع' }, permission: 'pos.posSession.sell' },
    { route: '/pos/sessions/{id}', label: { en: 'POS session', ar: 'جلسة نقطة البيع' }, permission: 'pos.posSession.view', hidden: true },
    // the contacts with the customer role (model/customer.preset.ts), the contact's rights
    { route: '/pos/customers', label: { en: 'Customers', ar: 'العملاء' }, permission: 'contacts.contact.view' },
    { route: '/pos/customers/{id}', label: { en: 'Customer', ar: 'عميل' }, permission: 'contacts.contact.view', hidden: true },
  ],
});
