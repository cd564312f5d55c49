import type { ModuleWeb } from '../../../web/moduleWeb';

/** Browser code of the point of sale (lazy loaders only): a session's page with its summary and close form, the
 * till (till/), the past orders, the till's returns (return/) and the customers (customers/). */
export const web: ModuleWeb = {
  screens: [
    { route: '/pos/sessions/{id}', load: () => import('./SessionDetailScreen') },
    { route: '/pos/order', load: () => import('./till/TillScreen') },
    { route: '/pos/oldorders', load: () => import('./oldorders/OldOrdersScreen') },
    { route: '/pos/customers', load: () => import('./customers/CustomersScreen') },
    { route: '/pos/customers/{id}', load: () => import('./customers/CustomerDetailScreen') },
    { route: '/pos/return', load: () => import('./return/ReturnScreen') },
  ],
};
