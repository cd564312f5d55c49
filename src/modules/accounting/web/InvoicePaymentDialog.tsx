import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../web/api/client';
import { useCompanyToday } from '../../../web/api/useAuth';
import type { Row } from '../../../web/api/useEntityQueries';
import { RefSelect } from '../../../web/entity/RefSelect';
import { useLocale } from '../../../web/i18n/useLocale';
import { DateField } from '../../../web/ui/DateField';
import { notifyError, notifySuccess } from '../../../web/ui/notify';
import { tx } from './invoiceTexts';

/** Records a payment of an invoice (the recordPayment action: posts the payment entry, updates paid and due). */
export function InvoicePaymentDialog({ invoice, opened, onClose }: { invoice: Row; opened: boolean; onClose: () => void }) {
  const { label } = useLocale();
  const qc = useQueryClient();
  const [amount, setAmount] = useState(String(invoice.dueAmount ?? ''));
  const today = useCompanyToday();
  const [date, setDate] = useState(today);
  const [journalId, setJournalId] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();
  const pay = useMutation({
    mutationFn: () => api(`/api/accounting/invoices/${invoice.id}/recordPayment`, {
      method: 'POST',
      body: { amount, date, journalId: journalId ? Number(journalId) : undefined, reference: reference || undefined },
    }),
    onSuccess: () => {
      notifySuccess(label(tx.paymentRecorded));
      void qc.invalidateQueries({ queryKey: ['entity'] });
      onClose();
    },
    onError: (e) => {
      setError((e as { fields?: Record<string, string> }).fields?.amount);
      notifyError(label(tx.paymentFailed), e);
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={label(tx.recordPayment)}>
      <form onSubmit={(e) => { e.preventDefault(); pay.mutate(); }}>
        <Stack>
          <TextInput label={label(tx.amount)} value={amount} onChange={(e) => setAmount(e.currentTarget.value)} inputMode="decimal" dir="ltr" required error={error} data-autofocus />
          <DateField label={label(tx.date)} value={date} onChange={(v) => setDate(v ?? '')} required />
          <RefSelect target="journal" label={label(tx.journal)} value={journalId} onChange={setJournalId} description={label(tx.journalHelp)} />
          <TextInput label={label(tx.reference)} value={reference} onChange={(e) => setReference(e.currentTarget.value)} maxLength={200} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{label(tx.cancel)}</Button>
            <Button type="submit" loading={pay.isPending}>{label(tx.recordPayment)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
