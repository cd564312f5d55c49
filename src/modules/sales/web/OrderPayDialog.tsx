import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../web/api/client';
import { useCompanyToday } from '../../../web/api/useAuth';
import type { Row } from '../../../web/api/useEntityQueries';
import { useLocale } from '../../../web/i18n/useLocale';
import { DateField } from '../../../web/ui/DateField';
import { notifyError, notifySuccess } from '../../../web/ui/notify';
import { ot } from './orderTexts';

/** Pays (part of) a confirmed order: POST /api/sales/orders/:id/pay; the amount defaults to the due. */
export function OrderPayDialog({ order, onClose }: { order: Row; onClose: () => void }) {
  const { label } = useLocale();
  const qc = useQueryClient();
  const today = useCompanyToday();
  const [amount, setAmount] = useState(String(order.dueAmount ?? ''));
  const [date, setDate] = useState(today);
  const [method, setMethod] = useState(order.paymentMethod === 'bank_transfer' ? 'bank_transfer' : 'cash');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();
  const pay = useMutation({
    mutationFn: () => api(`/api/sales/orders/${order.id}/pay`, { method: 'POST', body: { amount, date, method, reference: reference || undefined } }),
    onSuccess: () => {
      notifySuccess(label(ot.paid));
      void qc.invalidateQueries({ queryKey: ['entity'] });
      onClose();
    },
    onError: (e) => {
      const f = (e as { fields?: Record<string, string> }).fields;
      setError(f?.amount ?? f?._);
      notifyError(label(ot.payFailed), e);
    },
  });
  return (
    <Modal opened onClose={onClose} title={label(ot.payTitle)}>
      <form onSubmit={(e) => { e.preventDefault(); pay.mutate(); }}>
        <Stack>
          <TextInput label={label(ot.amount)} value={amount} onChange={(e) => setAmount(e.currentTarget.value)} inputMode="decimal" dir="ltr" required error={error} data-autofocus />
          <DateField label={label(ot.date)} value={date} onChange={(v) => setDate(v ?? '')} required />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="pay-method">{label(ot.method)}</Text>
            <SegmentedControl aria-labelledby="pay-method" value={method} onChange={setMethod}
              data={[{ value: 'cash', label: label(ot.cash) }, { value: 'bank_transfer', label: label(ot.bank) }]} />
          </Stack>
          <TextInput label={label(ot.reference)} value={reference} onChange={(e) => setReference(e.currentTarget.value)} maxLength={100} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{label(ot.cancel)}</Button>
            <Button type="submit" loading={pay.isPending}>{label(ot.pay)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
