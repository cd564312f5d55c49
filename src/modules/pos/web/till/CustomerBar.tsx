import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { type RefObject, useState } from 'react';
import { api, isApiError } from '../../../../web/api/client';
import type { Row } from '../../../../web/api/useEntityQueries';
import { RefSelect } from '../../../../web/entity/RefSelect';
import { useLocale } from '../../../../web/i18n/useLocale';
import { tt } from './texts';

/**
 * The sale's customer (walk-in when none: the server's default) and price list (the company's default when none).
 * A new customer takes a name and a phone (POST /api/contacts/contacts as a customer) and becomes the sale's.
 */
export interface Customer { id: number; name: string }

export function CustomerBar({ customerRef, listRef, customer, setCustomer, priceLists, priceListId, setPriceListId, newOpen, setNewOpen }: {
  customerRef: RefObject<HTMLDivElement | null>; listRef: RefObject<HTMLInputElement | null>;
  customer: Customer | null; setCustomer: (c: Customer | null) => void;
  priceLists: Row[]; priceListId: number | null; setPriceListId: (id: number | null) => void;
  newOpen: boolean; setNewOpen: (o: boolean) => void;
}) {
  const { label, locale } = useLocale();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <div ref={customerRef} style={{ minWidth: 240 }}>
        <RefSelect
          target="contact"
          label={label(tt.customer)}
          filters={{ isCustomer: 'true' }}
          value={customer ? String(customer.id) : null}
          initialTitle={customer?.name}
          onChange={(v) => setCustomer(v ? { id: Number(v), name: '' } : null)}
          placeholder={label(tt.walkIn)}
        />
      </div>
      <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={() => setNewOpen(true)}>{label(tt.newCustomer)}</Button>
      <Select
        ref={listRef}
        label={label(tt.priceList)}
        data={priceLists.map((p) => ({ value: String(p.id), label: String(locale === 'ar' && p.nameAr ? p.nameAr : p.name) }))}
        value={priceListId ? String(priceListId) : null}
        onChange={(v) => setPriceListId(v ? Number(v) : null)}
        placeholder={label(tt.defaultList)}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
        style={{ minWidth: 200 }}
      />
      <NewCustomerDialog opened={newOpen} onClose={() => setNewOpen(false)} onCreated={(c) => { setCustomer(c); setNewOpen(false); }} />
    </Group>
  );
}

function NewCustomerDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (c: Customer) => void }) {
  const { label } = useLocale();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      const r = await api<Row>('/api/contacts/contacts', { method: 'POST', body: { kind: 'individual', name: name.trim(), phone: phone.trim() || null, isCustomer: true } });
      setName(''); setPhone('');
      onCreated({ id: r.id, name: String(r.name) });
    } catch (e) {
      setErrors(isApiError(e) ? { ...e.fields, ...(Object.keys(e.fields).length ? {} : { name: e.message }) } : { name: String(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={label(tt.newCustomer)} size="sm" closeButtonProps={{ 'aria-label': label(tt.cancel) }}>
      <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <Stack>
          <TextInput label={label(tt.name)} value={name} onChange={(e) => setName(e.currentTarget.value)} required data-autofocus error={errors.name} />
          <TextInput label={label(tt.phone)} value={phone} onChange={(e) => setPhone(e.currentTarget.value)} inputMode="tel" dir="ltr" error={errors.phone} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{label(tt.cancel)}</Button>
            <Button type="submit" loading={busy}>{label(tt.save)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
