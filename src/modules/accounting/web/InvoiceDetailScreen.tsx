import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCash, IconFilePlus, IconFileTypePdf, IconPrinter, IconReceipt, IconReceiptRefund } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { permissionCode } from '../../../core/entity/define';
import { entityByName } from '../../registry';
import { api } from '../../../web/api/client';
import { download } from '../../../web/api/download';
import { useCan } from '../../../web/api/useAuth';
import { type Row, useEntityList } from '../../../web/api/useEntityQueries';
import EntityDetailPage from '../../../web/entity/EntityDetailPage';
import { useFormat } from '../../../web/i18n/useFormat';
import { useLocale } from '../../../web/i18n/useLocale';
import { useConfirm } from '../../../web/ui/ConfirmProvider';
import { notifyError, notifySuccess } from '../../../web/ui/notify';
import { PAYABLE_STATES, takesNote } from '../model/invoice-notes';
import { DebitNoteDialog } from './DebitNoteDialog';
import { EInvoicePanel } from './EInvoicePanel';
import { InvoiceNotesPanel } from './InvoiceNotesPanel';
import { InvoicePaymentDialog } from './InvoicePaymentDialog';
import { tx } from './invoiceTexts';

/**
 * An invoice: the generic record page, then what the generic page cannot offer: its payments, "Record payment"
 * (partial or full), "Credit note", "Debit note" (a dialog, then the new note's page), print and PDF in the page's
 * language or bilingual, the 80 mm receipt; its credit and debit notes (or, for a note, the invoice it corrects); and
 * its ZATCA e-invoice, if any. Payment and notes are offered where the server accepts them (model/invoice-notes.ts).
 */
const invoiceDef = entityByName('invoice');
const paymentDef = entityByName('invoicePayment');

function InvoiceExtras({ invoice }: { invoice: Row }) {
  const { label, locale, to } = useLocale();
  const fmt = useFormat();
  const can = useCan();
  const confirm = useConfirm();
  const qc = useQueryClient();
  const [paying, setPaying] = useState(false);
  const [debiting, setDebiting] = useState(false);
  const payments = useEntityList(paymentDef, { filters: { invoiceId: String(invoice.id) }, sort: 'date', pageSize: 100 });
  const credit = useMutation({
    mutationFn: () => api<Row>(`/api/accounting/invoices/${invoice.id}/creditNote`, { method: 'POST', body: {} }),
    onSuccess: () => { notifySuccess(label(tx.creditNoteDone)); void qc.invalidateQueries({ queryKey: ['entity'] }); },
    onError: (e) => notifyError(label(tx.creditNoteFailed), e),
  });
  const status = String(invoice.status);
  const canPay = PAYABLE_STATES.includes(status) && Number(invoice.dueAmount) > 0 && can(permissionCode(invoiceDef, 'recordPayment'));
  // the button credits the whole invoice: only while nothing of it was credited yet
  const canCredit = takesNote(invoice, 'creditNote') && Number(invoice.creditedAmount ?? 0) === 0 && can(permissionCode(invoiceDef, 'creditNote'));
  const canDebit = takesNote(invoice, 'debitNote') && can(permissionCode(invoiceDef, 'debitNote'));
  const canPrint = can(permissionCode(invoiceDef, 'print'));
  const pdf = (lang: string, layout = 'a4') => download(`/api/accounting/invoices/${invoice.id}/pdf?lang=${lang}&layout=${layout}`, `${String(invoice.number ?? invoice.id)}.pdf`)
    .catch((e) => notifyError(label(tx.pdfFailed), e));
  const onCredit = async () => {
    if (await confirm({ message: label(tx.creditNoteAsk) })) credit.mutate();
  };
  const items = payments.data?.items ?? [];
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="md">{label(tx.payments)}</Title>
          <Group gap="xs">
            {canPay && <Button leftSection={<IconCash size={16} />} onClick={() => setPaying(true)}>{label(tx.recordPayment)}</Button>}
            {canCredit && <Button variant="light" color="orange" leftSection={<IconReceiptRefund size={16} />} loading={credit.isPending} onClick={() => void onCredit()}>{label(tx.creditNote)}</Button>}
            {canDebit && <Button variant="light" color="grape" leftSection={<IconFilePlus size={16} />} onClick={() => setDebiting(true)}>{label(tx.debitNote)}</Button>}
            {canPrint && (
              <>
                <Button variant="default" component="a" href={`/api/accounting/invoices/${invoice.id}/print?lang=${locale}`} target="_blank" rel="noopener" leftSection={<IconPrinter size={16} />}>{label(tx.print)}</Button>
                <Button variant="default" leftSection={<IconFileTypePdf size={16} />} onClick={() => void pdf(locale)}>{label(tx.pdf)}</Button>
                <Button variant="default" leftSection={<IconFileTypePdf size={16} />} onClick={() => void pdf('both')}>{label(tx.pdfBoth)}</Button>
                <Button variant="default" leftSection={<IconReceipt size={16} />} onClick={() => void pdf(locale, 'receipt')}>{label(tx.receipt)}</Button>
              </>
            )}
          </Group>
        </Group>
        {items.length === 0 ? (
          <Text c="dimmed" size="sm">{label(tx.noPayments)}</Text>
        ) : (
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{label(tx.date)}</Table.Th>
                <Table.Th>{label(tx.reference)}</Table.Th>
                <Table.Th ta="end">{label(tx.amount)}</Table.Th>
                <Table.Th>{label(tx.entry)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{fmt.date(p.date)}</Table.Td>
                  <Table.Td>{String(p.reference ?? '')}</Table.Td>
                  <Table.Td ta="end" dir="ltr">{fmt.number(p.amount)}</Table.Td>
                  <Table.Td>
                    {p.entryId ? <Anchor component={Link} to={to(`/accounting/journals/journals-entrydetails/${String(p.entryId)}`)}>{p._refs?.entryId ?? `#${String(p.entryId)}`}</Anchor> : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {paying && <InvoicePaymentDialog invoice={invoice} opened onClose={() => setPaying(false)} />}
      {debiting && <DebitNoteDialog invoice={invoice} opened onClose={() => setDebiting(false)} />}
    </Paper>
  );
}

export default function InvoiceDetailScreen() {
  return <EntityDetailPage def={invoiceDef} basePath="/accounting/accounts/invoice" children={(row) => (
    <>
      <EInvoicePanel invoiceId={Number(row.id)} status={String(row.status)} />
      <InvoiceNotesPanel invoice={row} />
      <InvoiceExtras invoice={row} />
    </>
  )} />;
}
