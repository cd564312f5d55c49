import { Text } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../../web/api/client';
import { useLocale } from '../../../web/i18n/useLocale';
import type { WidgetProps } from '../../../web/moduleWeb';
import { showNotification } from '../../../web/ui/notify';
import { ProductCodeInput } from './ProductCodeInput';
import { tx } from './texts';

/**
 * The sale price, typed or computed by the server from the cost in the same form and the default margin of
 * the settings; the margin is shown under it, with a warning when it is below the minimum margin.
 */
interface Computed { salePrice: string; margin?: string | number | null; warning?: string | boolean | null }

export default function ProductSalePriceWidget(props: WidgetProps) {
  const { label } = useLocale();
  const [result, setResult] = useState<Computed | null>(null);
  const cost = String(props.values?.cost ?? '').trim();
  const warning = result?.warning ? (typeof result.warning === 'string' ? result.warning : label(tx.belowMinimum)) : null;
  return (
    <ProductCodeInput props={props} button={tx.compute} hint={tx.computeSalePrice} failed={tx.salePriceFailed} numeric
      run={async () => {
        if (!cost) {
          showNotification({ color: 'red', title: label(tx.salePriceFailed), message: label(tx.costFirst), autoClose: 8000 });
          return undefined;
        }
        const r = await api<Computed>('/api/inventory/products/compute-sale-price', { method: 'POST', body: { cost } });
        setResult(r);
        return String(r.salePrice);
      }}
      below={result && (
        <>
          {result.margin !== undefined && result.margin !== null && (
            <Text size="xs" c="dimmed" mt={4}>{label(tx.margin, { margin: String(result.margin) })}</Text>
          )}
          {warning && <Text size="xs" c="orange" mt={2} role="status">{warning}</Text>}
        </>
      )} />
  );
}
