import EntityListPage from '../../../../web/entity/EntityListPage';
import { customers } from '../../model/customer.preset';

/** /pos/customers: the generic list of the customers preset (model/customer.preset.ts), balances from GET /api/pos/customers. */
export default function CustomersScreen() {
  return <EntityListPage preset={customers} />;
}
