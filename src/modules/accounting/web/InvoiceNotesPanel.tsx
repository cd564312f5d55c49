import { Anchor, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { noteKindOf } from '../model/invoice-notes';
import { entityByName } from '../../registry';
import { type Row, useEntityList } from '../../../web/api/useEntityQueries';
import { formatValue } from '../../../web/entity/formatValue';
import { useFormat } from '../../../web/i18n/useFormat';
import { useLocale } from '../../../web/i18n/useLocale';
import { tx } from './invoiceTexts';

/**
 * The invoice page's "Credit and debit notes": a note links to the invoice it corrects; an invoice lists its notes
 * (the definition's `noteOfId` filter: credit or debit notes of this invoice), each with its kind, date, total, due
 * and state, linked to its page. Nothing shows for an invoice without notes.
 */
const invoiceDef = entityByName('invoice');
const detail = (id: unknown) => `/accounting/accounts/invoicedetails/${String(id)}`;

export function InvoiceNotesPanel({ invoice }: { invoice: Row }) {
  const { label, to } = useLocale();
  const fmt = useFormat();
  const kind = noteKindOf(invoice);
  const notes = useEntityList(invoiceDef, { filters: { noteOfId: String(invoice.id) }, sort: 'id', pageSize: 100 }, kind === null);
  if (kind) {
    const originalId = invoice[kind === 'creditNote' ? 'creditNoteOfId' : 'debitNoteOfId'];
    if (!originalId) return null;
    return (
      <Paper withBorder radius="md" p="lg">
        <Text size="sm">
          {label(kind === 'creditNote' ? tx.creditNoteOf : tx.debitNoteOf)}{' '}
          <Anchor component={Link} to={to(detail(originalId))} dir="ltr" underline="always">{String(invoice.reference ?? `#${String(originalId)}`)}</Anchor>
          {invoice.reason ? <Text span c="dimmed"> · {String(invoice.reason)}</Text> : null}
        </Text>
      </Paper>
    );
  }
  const items = notes.data?.items ?? [];
  if (!items.length) return null;
  return (
    <Paper withBorder radius="md" p="lg" aria-labelledby="invoice-notes-title">
      <Stack gap="sm">
        <Title order={2} fz="md" id="invoice-notes-title">{label(tx.notes)}</Title>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{label(tx.number)}</Table.Th>
              <Table.Th>{label(tx.kind)}</Table.Th>
              <Table.Th>{label(tx.date)}</Table.Th>
              <Table.Th>{label(tx.reason)}</Table.Th>
              <Table.Th ta="end">{label(tx.total)}</Table.Th>
              <Table.Th ta="end">{label(tx.due)}</Table.Th>
              <Table.Th>{label(tx.status)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((n) => (
              <Table.Tr key={n.id}>
                <Table.Td><Anchor component={Link} to={to(detail(n.id))} dir="ltr">{String(n.number ?? `#${n.id}`)}</Anchor></Table.Td>
                <Table.Td>
                  <Badge variant="light" color={n.isDebitNote ? 'grape' : 'orange'} tt="none">{label(n.isDebitNote ? tx.debitNote : tx.creditNote)}</Badge>
                </Table.Td>
                <Table.Td>{fmt.date(n.date)}</Table.Td>
                <Table.Td>{String(n.reason ?? '')}</Table.Td>
                <Table.Td ta="end" dir="ltr">{fmt.number(n.totalAmount)}</Table.Td>
                <Table.Td ta="end" dir="ltr">{fmt.number(n.dueAmount)}</Table.Td>
                <Table.Td>{formatValue(invoiceDef.fields.status, n.status, fmt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
