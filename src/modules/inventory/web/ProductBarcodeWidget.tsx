import { api } from '../../../web/api/client';
import type { WidgetProps } from '../../../web/moduleWeb';
import { ProductCodeInput } from './ProductCodeInput';
import { tx } from './texts';

/** The product's barcode, or a new unique EAN-13 from the server (check digit computed there). */
export default function ProductBarcodeWidget(props: WidgetProps) {
  return (
    <ProductCodeInput props={props} button={tx.generate} hint={tx.generateBarcode} failed={tx.barcodeFailed}
      run={async () => (await api<{ barcode: string }>('/api/inventory/products/generate-barcode', { method: 'POST', body: {} })).barcode} />
  );
}
