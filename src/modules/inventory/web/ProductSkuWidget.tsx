import { useLocale } from '../../../web/i18n/useLocale';
import { api } from '../../../web/api/client';
import type { WidgetProps } from '../../../web/moduleWeb';
import { showNotification } from '../../../web/ui/notify';
import { ProductCodeInput } from './ProductCodeInput';
import { tx } from './texts';

/** The product's SKU, or one the server builds from the name and category typed in the same form. */
export default function ProductSkuWidget(props: WidgetProps) {
  const { label } = useLocale();
  const name = String(props.values?.name ?? '').trim();
  const categoryId = props.values?.categoryId;
  return (
    <ProductCodeInput props={props} button={tx.generate} hint={tx.generateSku} failed={tx.skuFailed}
      run={async () => {
        if (!name || !categoryId) {
          showNotification({ color: 'red', title: label(tx.skuFailed), message: label(tx.skuNeedsName), autoClose: 8000 });
          return undefined;
        }
        const r = await api<{ sku: string }>('/api/inventory/products/generate-sku', { method: 'POST', body: { name, categoryId: Number(categoryId) } });
        return r.sku;
      }} />
  );
}
