import { Anchor, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCash, IconFileInvoice, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { entityByName } from '../../registry';
import { useCan } from '../../../web/api/useAuth';
import { type Row, useEntityList } from '../../../web/api/useEntityQueries';
import EntityDetailPage from '../../../web/entity/EntityDetailPage';
import { useFormat } from '../../../web/i18n/useFormat';
import { useLocale } from '../../../web/i18n/useLocale';
import { OrderPayDialog } from './OrderPayDialog';
import { ot } from './orderTexts';

/**
 * A sales order: the generic record page (fields, lines with their taxes, totals, paid, due, payment status,
 * transitions, history) with what it cannot offer: "Pay" on a confirmed order with something due, the receipt (the
 * invoice's own print through accounting, in the page's language) and a link to the invoice, and the payments made
 * on that invoice. Buttons show only with the permission the server asks for.
 */
const orderDef = entityByName('salesOrder');
const paymentDef = entityByName('invoicePayment');

function OrderActions({ order }: { order: Row }) {
  const { label, locale, to } = useLocale();
  const can = useCan();
  const [paying, setPaying] = useState(false);
  const canPay = order.status === 'confirmed' && Number(order.dueAmount) > 0 && can('sales.salesOrder.pay');
  return (
    <>
      {canPay && <Button leftSection={<IconCash size={16} />} onClick={() => setPaying(true)}>{label(ot.pay)}</Button>}
      {order.invoiceId && can('accounting.invoice.print') ? (
        <Button variant="default" component="a" href={`/api/accounting/invoices/${String(order.invoiceId)}/print?lang=${locale}`} target="_blank" rel="noopener"
          leftSection={<IconPrinter size={16} />}>{label(ot.receipt)}</Button>
      ) : null}
      {order.invoiceId && can('accounting.invoice.view') ? (
        <Button variant="default" component={Link} to={to(`/accounting/accounts/invoicedetails/${String(order.invoiceId)}`)} leftSection={<IconFileInvoice size={16} />}>{label(ot.invoice)}</Button>
      ) : null}
      {paying && <OrderPayDialog order={order} onClose={() => setPaying(false)} />}
    </>
  );
}

function OrderPayments({ invoiceId }: { invoiceId: number }) {
  const { label, to } = useLocale();
  const fmt = useFormat();
  const payments = useEntityList(paymentDef, { filters: { invoiceId: String(invoiceId) }, sort: 'date', pageSize: 100 });
  const items = payments.data?.items ?? [];
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="md">{label(ot.payments)}</Title>
        {items.length === 0 ? <Text c="dimmed" size="sm">{label(ot.noPayments)}</Text> : (
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{label(ot.date)}</Table.Th>
                <Table.Th>{label(ot.reference)}</Table.Th>
                <Table.Th ta="end">{label(ot.amount)}</Table.Th>
                <Table.Th>{label(ot.entry)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{fmt.date(p.date)}</Table.Td>
                  <Table.Td>{String(p.reference ?? '')}</Table.Td>
                  <Table.Td ta="end" dir="ltr">{fmt.number(p.amount)}</Table.Td>
                  <Table.Td>{p.entryId ? <Anchor component={Link} to={to(`/accounting/journals/journals-entrydetails/${String(p.entryId)}`)}>{p._refs?.entryId ?? `#${String(p.entryId)}`}</Anchor> : null}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

function Extras({ order }: { order: Row }) {
  const can = useCan();
  return order.invoiceId && can('accounting.invoicePayment.view') ? <OrderPayments invoiceId={Number(order.invoiceId)} /> : null;
}

export default function OrderDetailScreen() {
  return <EntityDetailPage def={orderDef} basePath="/sales/orders" actions={(row) => <OrderActions order={row} />} children={(row) => <Extras order={row} />} />;
}
