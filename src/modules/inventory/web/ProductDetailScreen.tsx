import EntityDetailPage from '../../../web/entity/EntityDetailPage';
import { entityByName } from '../../registry';
import { ProductStatistics } from './ProductStatistics';

/** A product's record page (/inventory/inventory/products/{id}): the generic page with its stock statistics. */
const def = entityByName('product');

export default function ProductDetailScreen() {
  return (
    <EntityDetailPage def={def} basePath={def.route!}>
      {(row) => <ProductStatistics product={row} />}
    </EntityDetailPage>
  );
}
