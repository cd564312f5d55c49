import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocale } from '../../../../web/i18n/useLocale';
import { isNumber } from './cart';
import { tt } from './texts';

/** The quantity, price or discount key: one field, Enter applies, Escape cancels (the server checks again). */
export function LineEditDialog({ field, initial, productName, onApply, onClose }: {
  field: 'quantity' | 'price' | 'discount' | null; initial: string; productName: string;
  onApply: (value: string) => void; onClose: () => void;
}) {
  const { label } = useLocale();
  const [v, setV] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => { setV(initial); setError(null); }, [initial, field]);
  const title = field ? label(field === 'quantity' ? tt.quantity : field === 'price' ? tt.price : tt.discount) : '';
  const apply = () => {
    const x = v.trim().replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace('٫', '.');
    const bad = !isNumber(x) || (field === 'quantity' && Number(x) <= 0) || (field === 'discount' && Number(x) > 100);
    if (bad) { setError(label(field === 'discount' ? { en: 'Give a discount between 0 and 100', ar: 'أدخل خصمًا بين 0 و100' } : field === 'quantity' ? { en: 'Give a quantity greater than zero', ar: 'أدخل كمية أكبر من صفر' } : { en: 'Give a price of zero or more', ar: 'أدخل سعرًا يساوي صفرًا أو أكثر' })); return; }
    onApply(x);
  };
  return (
    <Modal opened={field !== null} onClose={onClose} title={`${title}: ${productName}`} size="sm" closeButtonProps={{ 'aria-label': label(tt.cancel) }}>
      <form onSubmit={(e) => { e.preventDefault(); apply(); }}>
        <Stack>
          <TextInput label={title} value={v} onChange={(e) => setV(e.currentTarget.value)} inputMode="decimal" data-autofocus error={error} onFocus={(e) => e.currentTarget.select()} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{label(tt.cancel)}</Button>
            <Button type="submit">{label(tt.save)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
