import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { entityByName } from '../../registry';
import { api } from '../../../web/api/client';
import { useCompanyToday } from '../../../web/api/useAuth';
import type { Row } from '../../../web/api/useEntityQueries';
import { useLocale } from '../../../web/i18n/useLocale';
import { DateField } from '../../../web/ui/DateField';
import { notifyError, notifySuccess } from '../../../web/ui/notify';
import InvoiceLinesWidget from './InvoiceLinesWidget';
import { tx } from './invoiceTexts';

/**
 * "Debit note" of a confirmed invoice: what is charged besides it (the invoice's own lines editor, starting with one
 * empty line), why (required) and the date (the company's today). Posts the debitNote action; the server numbers,
 * posts and answers the note, whose page opens next. The server's field messages (lines, reason, date) show on
 * their fields, in the page's language.
 */
const invoiceDef = entityByName('invoice');
const emptyLine = () => ({ productId: null, accountId: null, description: '', quantity: '1', unitPrice: '', discount: '0', taxId: null });

export function DebitNoteDialog({ invoice, opened, onClose }: { invoice: Row; opened: boolean; onClose: () => void }) {
  const { label, to } = useLocale();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [lines, setLines] = useState<unknown>(() => [emptyLine()]);
  const [reason, setReason] = useState('');
  const today = useCompanyToday();
  const [date, setDate] = useState(today);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const issue = useMutation({
    mutationFn: () => api<{ debitNoteId: number; number: string }>(`/api/accounting/invoices/${invoice.id}/debitNote`, { method: 'POST', body: { lines, reason, date } }),
    onSuccess: (r) => {
      notifySuccess(label(tx.debitNoteDone, { number: r.number }));
      void qc.invalidateQueries({ queryKey: ['entity'] });
      onClose();
      void navigate(to(`/accounting/accounts/invoicedetails/${r.debitNoteId}`));
    },
    onError: (e) => {
      setErrors((e as { fields?: Record<string, string> }).fields ?? {});
      notifyError(label(tx.debitNoteFailed), e);
    },
  });
  const title = label(tx.debitNoteTitle, { number: String(invoice.number ?? `#${String(invoice.id)}`) });
  return (
    <Modal opened={opened} onClose={onClose} size="72rem" title={title} styles={{ title: { fontWeight: 700 } }}>
      <form onSubmit={(e) => { e.preventDefault(); issue.mutate(); }} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">{label(tx.debitNoteHelp)}</Text>
          <InvoiceLinesWidget def={invoiceDef} name="lines" field={invoiceDef.fields.lines!} label={label(tx.debitNoteLines)} value={lines}
            onChange={setLines} error={errors.lines} />
          <Textarea label={label(tx.reason)} value={reason} onChange={(e) => setReason(e.currentTarget.value)} required autosize minRows={2} maxLength={500}
            error={errors.reason} description={label(tx.reasonHelp)} />
          <DateField label={label(tx.date)} value={date} onChange={(v) => setDate(v ?? '')} required error={errors.date} w={200} />
          {errors._ && <Text c="red" size="sm" role="alert">{errors._}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={issue.isPending}>{label(tx.cancel)}</Button>
            <Button type="submit" loading={issue.isPending}>{label(tx.debitNoteIssue)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
