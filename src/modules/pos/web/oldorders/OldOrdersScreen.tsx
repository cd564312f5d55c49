import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowBackUp, IconPrinter, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../../web/api/client';
import { useCan } from '../../../../web/api/useAuth';
import type { ListResult } from '../../../../web/api/useEntityQueries';
import { RefSelect } from '../../../../web/entity/RefSelect';
import { useFormat } from '../../../../web/i18n/useFormat';
import { useLocale } from '../../../../web/i18n/useLocale';
import { DateField } from '../../../../web/ui/DateField';
import { notifyError } from '../../../../web/ui/notify';
import { Pager } from '../../../../web/ui/Pager';
import { usePageTitle } from '../../../../web/ui/usePageTitle';
import { useScreenShortcuts } from '../../../../web/shell/shortcuts';
import { openReceipt } from '../till/receipt';
import { tt } from '../till/texts';

/**
 * Past till orders (/pos/oldorders): the sales orders that carry a POS session (`filter[sessionId][gte]=1`, through
 * the generic list API), searched by number (the order's search), customer, date range and session. Each row:
 * reprint (the invoice's PDF, as the till's receipt) and Return, which opens the till's return screen with the order
 * (/pos/return?orderId=<id>: the lines to take back, the refund from the user's open session).
 */
const PAGE = 25;

export default function OldOrdersScreen() {
  const { label, locale, to } = useLocale();
  const fmt = useFormat();
  const can = useCan();
  usePageTitle(label(tt.oldTitle));
  const [q, setQ] = useState('');
  const [search] = useDebouncedValue(q, 300);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [until, setUntil] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const params = new URLSearchParams({ 'filter[sessionId][gte]': '1', sort: '-id', page: String(page), pageSize: String(PAGE) });
  if (search.trim()) params.set('search', search.trim());
  if (customerId) params.set('filter[customerId]', customerId);
  if (sessionId) params.set('filter[sessionId]', sessionId);
  if (from) params.set('filter[orderDate][gte]', from);
  if (until) params.set('filter[orderDate][lte]', until);
  const list = useQuery({ queryKey: ['pos', 'oldorders', params.toString()], queryFn: () => api<ListResult>(`/api/sales/orders?${params.toString()}`), placeholderData: keepPreviousData });
  const rows = list.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE));
  const canPrint = can('accounting.invoice.print');
  const canReturn = can('pos.posSession.sell');
  const reset = <T,>(set: (v: T) => void) => (v: T) => { set(v); setPage(1); };
  useScreenShortcuts([{ keys: '/', label: label(tt.searchOrders), run: () => document.getElementById('oldorders-search')?.focus() }]);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz="h2">{label(tt.oldTitle)}</Title>
        <Button component={Link} to={to('/pos/order')} variant="light">{label(tt.title)}</Button>
      </Group>
      <Paper withBorder p="sm" radius="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput id="oldorders-search" label={label(tt.searchOrders)} leftSection={<IconSearch size={16} />} value={q} onChange={(e) => { setQ(e.currentTarget.value); setPage(1); }} />
          <div style={{ minWidth: 220 }}><RefSelect target="contact" label={label(tt.customer)} filters={{ isCustomer: 'true' }} value={customerId} onChange={reset(setCustomerId)} /></div>
          <div style={{ minWidth: 200 }}><RefSelect target="posSession" label={label(tt.session)} value={sessionId} onChange={reset(setSessionId)} placeholder={label(tt.allSessions)} /></div>
          {/* the range wraps as one: "From" never ends a row with "To" alone on the next */}
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <DateField label={label(tt.from)} value={from} onChange={reset(setFrom)} w={160} clearable />
            <DateField label={label(tt.to)} value={until} onChange={reset(setUntil)} w={160} clearable />
          </Group>
        </Group>
      </Paper>
      {list.isError && <Text c="red">{label(tt.loadFailed)}</Text>}
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label(tt.oldTitle)}>
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{label(tt.number)}</Table.Th>
              <Table.Th>{label(tt.date)}</Table.Th>
              <Table.Th>{label(tt.customer)}</Table.Th>
              <Table.Th>{label(tt.session)}</Table.Th>
              <Table.Th>{label(tt.total)}</Table.Th>
              <Table.Th>{label(tt.paid)}</Table.Th>
              <Table.Th>{label(tt.due)}</Table.Th>
              <Table.Th>{label(tt.status)}</Table.Th>
              <Table.Th>{label(tt.actions)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id} data-order={String(r.number ?? '')}>
                <Table.Td><Anchor component={Link} to={to(`/sales/orderdetails/${r.id}`)} dir="ltr">{String(r.number ?? '')}</Anchor></Table.Td>
                <Table.Td>{fmt.date(r.orderDate)}</Table.Td>
                <Table.Td>{r._refs?.customerId ?? ''}</Table.Td>
                <Table.Td dir="ltr">{r._refs?.sessionId ?? ''}</Table.Td>
                <Table.Td>{fmt.number(r.totalAmount, 2)}</Table.Td>
                <Table.Td>{fmt.number(r.paidAmount, 2)}</Table.Td>
                <Table.Td>{fmt.number(r.dueAmount, 2)}</Table.Td>
                <Table.Td><Badge variant="light">{label(statusLabel(String(r.status)))}</Badge></Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {canPrint && r.invoiceId ? (
                      <Button size="compact-xs" variant="light" leftSection={<IconPrinter size={14} />} aria-label={`${label(tt.reprint)} ${String(r.number)}`}
                        onClick={() => openReceipt(Number(r.invoiceId), locale).catch((e: unknown) => notifyError(label(tt.receiptFailed), e))}>{label(tt.reprint)}</Button>
                    ) : null}
                    {canReturn && (r.status === 'confirmed' || r.status === 'completed') && (
                      <Button size="compact-xs" variant="light" color="orange" leftSection={<IconArrowBackUp size={14} />} component={Link}
                        to={to(`/pos/return?orderId=${r.id}`)} aria-label={`${label(tt.return)} ${String(r.number)}`}>{label(tt.return)}</Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {rows.length === 0 && !list.isFetching && <Text c="dimmed" p="md">{label(tt.noOrders)}</Text>}
      </Paper>
      {pages > 1 && <Pager total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}

const STATUS: Record<string, { en: string; ar: string }> = {
  draft: { en: 'Draft', ar: 'مسودة' }, pending: { en: 'Pending', ar: 'قيد الانتظار' }, confirmed: { en: 'Confirmed', ar: 'مؤكد' },
  completed: { en: 'Completed', ar: 'مكتمل' }, cancelled: { en: 'Cancelled', ar: 'ملغى' }, rejected: { en: 'Rejected', ar: 'مرفوض' },
};
const statusLabel = (s: string) => STATUS[s] ?? { en: s, ar: s };
