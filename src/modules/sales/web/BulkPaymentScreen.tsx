import { Button, Container, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { api } from '../../../web/api/client';
import { useCan, useCompanyToday } from '../../../web/api/useAuth';
import { RefSelect } from '../../../web/entity/RefSelect';
import { useFormat } from '../../../web/i18n/useFormat';
import { useLocale } from '../../../web/i18n/useLocale';
import { DateField } from '../../../web/ui/DateField';
import { NoAccess } from '../../../web/ui/NoAccess';
import { notifyError, notifySuccess } from '../../../web/ui/notify';
import { usePageTitle } from '../../../web/ui/usePageTitle';
import { pt } from './paymentTexts';

/**
 * Bulk payment (/sales/payment): a customer, their open items (orders confirmed with something due, and customer
 * invoices made outside sales: GET /api/sales/payments/open), one payment spread oldest first or by the amounts
 * typed per item; the server allocates in one transaction (POST /api/sales/payments/bulk) and refuses more than the
 * open amount ("Failed to process bulk payment").
 */
const DEC = /^\d+(\.\d+)?$/;

interface OpenItem { kind: 'order' | 'invoice'; id: number; number: string; date: string; total: string; due: string }
const keyOf = (i: Pick<OpenItem, 'kind' | 'id'>) => `${i.kind}:${i.id}`;

function OpenItems({ customerId, chosen, setChosen, amounts }: { customerId: string; chosen: boolean; amounts: Record<string, string>; setChosen: (key: string, v: string) => void }) {
  const { label } = useLocale();
  const fmt = useFormat();
  const open = useQuery({
    queryKey: ['entity', 'sales-open-items', customerId],
    queryFn: () => api<{ items: OpenItem[]; openTotal: string }>(`/api/sales/payments/open?customerId=${encodeURIComponent(customerId)}`),
  });
  if (open.isPending) return null;
  if (open.isError) return <Text c="red" size="sm">{(open.error as Error).message}</Text>;
  const items = open.data.items;
  if (!items.length) return <Text c="dimmed" size="sm">{label(pt.noOpen)}</Text>;
  return (
    <Stack gap="xs">
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{label(pt.kind)}</Table.Th>
            <Table.Th>{label(pt.number)}</Table.Th>
            <Table.Th>{label(pt.date)}</Table.Th>
            <Table.Th ta="end">{label(pt.total)}</Table.Th>
            <Table.Th ta="end">{label(pt.due)}</Table.Th>
            {chosen && <Table.Th>{label(pt.apply)}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((o) => (
            <Table.Tr key={keyOf(o)}>
              <Table.Td>{label(o.kind === 'order' ? pt.kindOrder : pt.kindInvoice)}</Table.Td>
              <Table.Td><bdi>{o.number}</bdi></Table.Td>
              <Table.Td>{fmt.date(o.date)}</Table.Td>
              <Table.Td ta="end" dir="ltr">{fmt.number(o.total)}</Table.Td>
              <Table.Td ta="end" dir="ltr">{fmt.number(o.due)}</Table.Td>
              {chosen && (
                <Table.Td w={160}>
                  <TextInput size="xs" aria-label={`${label(pt.apply)} ${o.number}`} inputMode="decimal" dir="ltr"
                    value={amounts[keyOf(o)] ?? ''} onChange={(e) => setChosen(keyOf(o), e.currentTarget.value)} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group gap="xs"><Text size="sm" c="dimmed">{label(pt.openTotal)}</Text><Text size="sm" ff="monospace" dir="ltr" data-testid="open-total">{fmt.number(new Decimal(open.data.openTotal).toFixed(2))}</Text></Group>
    </Stack>
  );
}

export default function BulkPaymentScreen() {
  const { label } = useLocale();
  const can = useCan();
  const qc = useQueryClient();
  const today = useCompanyToday();
  usePageTitle(label(pt.title));
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [mode, setMode] = useState('oldest');
  const [amount, setAmount] = useState('');
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [date, setDate] = useState(today);
  const [method, setMethod] = useState('cash');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();
  const chosen = mode === 'chosen';
  const allocations = Object.entries(amounts).filter(([, v]) => DEC.test(v.trim()) && new Decimal(v.trim()).gt(0)).map(([key, v]) => {
    const [kind, id] = key.split(':');
    return { [kind === 'order' ? 'orderId' : 'invoiceId']: Number(id), amount: v.trim() };
  });
  const chosenSum = allocations.reduce((s, a) => s.plus(a.amount), new Decimal(0)).toFixed();
  const pay = useMutation({
    mutationFn: () => api<{ allocations: unknown[] }>('/api/sales/payments/bulk', {
      method: 'POST',
      body: { customerId: Number(customerId), amount: chosen ? chosenSum : amount, date, method, reference: reference || undefined, ...(chosen ? { allocations } : {}) },
    }),
    onSuccess: (r) => {
      notifySuccess(label(pt.done).replace('{n}', String(r.allocations.length)));
      setAmount(''); setAmounts({}); setError(undefined);
      void qc.invalidateQueries({ queryKey: ['entity'] });
    },
    onError: (e) => {
      setError((e as Error).message);
      notifyError(label(pt.failed), e);
    },
  });
  if (!can('sales.salesOrder.pay')) return <NoAccess />;
  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        <Title order={1} fz="h2">{label(pt.title)}</Title>
        <Text c="dimmed" size="sm">{label(pt.intro)}</Text>
        <Paper withBorder radius="md" p="lg">
          <form onSubmit={(e) => { e.preventDefault(); if (customerId) pay.mutate(); }}>
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <RefSelect target="contact" label={label(pt.customer)} filters={{ isCustomer: 'true' }} value={customerId} aria-required
                  onChange={(v) => { setCustomerId(v); setAmounts({}); setError(undefined); }} />
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="bulk-mode">{label(pt.mode)}</Text>
                  <SegmentedControl aria-labelledby="bulk-mode" value={mode} onChange={setMode}
                    data={[{ value: 'oldest', label: label(pt.oldest) }, { value: 'chosen', label: label(pt.chosen) }]} />
                </Stack>
              </SimpleGrid>
              <Title order={2} fz="md">{label(pt.openItems)}</Title>
              {customerId ? <OpenItems customerId={customerId} chosen={chosen} amounts={amounts} setChosen={(id, v) => setAmounts((a) => ({ ...a, [id]: v }))} />
                : <Text c="dimmed" size="sm">{label(pt.pickCustomer)}</Text>}
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
                <TextInput label={label(pt.amount)} inputMode="decimal" dir="ltr" required={!chosen} readOnly={chosen} error={error}
                  value={chosen ? chosenSum : amount} onChange={(e) => setAmount(e.currentTarget.value)} />
                <DateField label={label(pt.paymentDate)} value={date} onChange={(v) => setDate(v ?? '')} required />
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="bulk-method">{label(pt.method)}</Text>
                  <SegmentedControl aria-labelledby="bulk-method" value={method} onChange={setMethod}
                    data={[{ value: 'cash', label: label(pt.cash) }, { value: 'bank_transfer', label: label(pt.bank) }]} />
                </Stack>
                <TextInput label={label(pt.reference)} value={reference} onChange={(e) => setReference(e.currentTarget.value)} maxLength={100} />
              </SimpleGrid>
              <Group justify="flex-end">
                <Button type="submit" loading={pay.isPending} disabled={!customerId}>{label(pt.submit)}</Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
