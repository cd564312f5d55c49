import EntityListPage from '../../../web/entity/EntityListPage';
import { priceList } from '../model/price-list.entity';

/** /contacts/pricelist (the spec's route under contacts): the same price lists as /sales/pricelist, the same entity and records. */
export default function ContactsPriceListScreen() {
  return <EntityListPage def={priceList} basePath="/sales/pricelist" />;
}
