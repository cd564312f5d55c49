import { Badge, Button, Group, Menu, Modal, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCashRegister, IconPrinter } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { permissionCode } from '../../../core/entity/define';
import { formatDuration } from '../../../core/i18n/format';
import { entityByName } from '../../registry';
import { api } from '../../../web/api/client';
import { useCan } from '../../../web/api/useAuth';
import type { Row } from '../../../web/api/useEntityQueries';
import EntityDetailPage from '../../../web/entity/EntityDetailPage';
import { useFormat } from '../../../web/i18n/useFormat';
import { useLocale } from '../../../web/i18n/useLocale';
import { notifyError, notifySuccess } from '../../../web/ui/notify';
import { pt } from './texts';
import { openPdf } from './till/receipt';

/**
 * A POS session: the generic record page, its summary (GET /api/pos/sessions/:id/summary: orders, sales, items
 * sold, returns, refunds, paid, dues, duration, payment methods, orders by status) and, while it is active, the
 * close form (counted cash and bank transfers; the server records the expected amounts and posts the differences);
 * Print: the session's PDF (GET /api/pos/sessions/:id/pdf, server/session.print.ts) on A4 or an 80 mm roll, in the
 * page's language.
 */
const sessionDef = entityByName('posSession');
interface Summary {
  orders: number; sales: string; itemsSold: string; returns: number; returnsTotal?: string; refunds: string; paid: string; dues: string;
  durationMinutes: number; paymentMethods: Record<string, string>; refundMethods?: Record<string, string>; ordersByStatus: Record<string, number>;
}
type Texts = Record<string, { en: string; ar: string }>;

function Figure({ title, value }: { title: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">{title}</Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

function SessionSummary({ session }: { session: Row }) {
  const { label } = useLocale();
  const fmt = useFormat();
  const q = useQuery({ queryKey: ['entity', 'posSession', 'summary', session.id, session.version], queryFn: () => api<Summary>(`/api/pos/sessions/${String(session.id)}/summary`) });
  const s = q.data;
  const name = (k: string) => label((pt as Texts)[k] ?? { en: k, ar: k });
  const minutes = s?.durationMinutes ?? 0;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} fz="md">{label(pt.summary)}</Title>
        {q.isError && <Text c="red">{label(pt.loadFailed)}</Text>}
        {s && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Figure title={label(pt.orders)} value={fmt.number(s.orders, 0)} />
              <Figure title={label(pt.sales)} value={fmt.number(s.sales, 2)} />
              <Figure title={label(pt.itemsSold)} value={fmt.number(s.itemsSold, 0)} />
              <Figure title={label(pt.paid)} value={fmt.number(s.paid, 2)} />
              <Figure title={label(pt.dues)} value={fmt.number(s.dues, 2)} />
              <Figure title={label(pt.returns)} value={`${fmt.number(s.returns, 0)} · ${fmt.number(s.returnsTotal ?? '0', 2)}`} />
              <Figure title={label(pt.refunds)} value={fmt.number(s.refunds, 2)} />
              <Figure title={label(pt.duration)} value={formatDuration(minutes, fmt)} />
            </SimpleGrid>
            <Group gap="xl" align="flex-start">
              <Stack gap={4}>
                <Text size="sm" c="dimmed">{label(pt.paymentMethods)}</Text>
                {Object.keys(s.paymentMethods).length === 0 ? <Text size="sm">{label(pt.none)}</Text>
                  : Object.entries(s.paymentMethods).map(([m, v]) => <Text key={m} size="sm">{name(m)}: {fmt.number(v, 2)}</Text>)}
              </Stack>
              {Object.keys(s.refundMethods ?? {}).length > 0 && (
                <Stack gap={4} data-testid="refund-methods">
                  <Text size="sm" c="dimmed">{label(pt.refundMethods)}</Text>
                  {Object.entries(s.refundMethods ?? {}).map(([m, v]) => <Text key={m} size="sm">{name(m)}: {fmt.number(v, 2)}</Text>)}
                </Stack>
              )}
              <Stack gap={4}>
                <Text size="sm" c="dimmed">{label(pt.ordersByStatus)}</Text>
                <Group gap="xs">
                  {Object.keys(s.ordersByStatus).length === 0 ? <Text size="sm">{label(pt.none)}</Text>
                    : Object.entries(s.ordersByStatus).map(([st, n]) => <Badge key={st} variant="light">{name(st)}: {fmt.number(n, 0)}</Badge>)}
                </Group>
              </Stack>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function CloseButton({ session }: { session: Row }) {
  const { label } = useLocale();
  const can = useCan();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [cash, setCash] = useState('');
  const [bank, setBank] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = useMutation({
    mutationFn: () => api<Row>(`/api/pos/sessions/${String(session.id)}/close`, { method: 'POST', body: { countedCash: cash.trim(), ...(bank.trim() ? { countedBank: bank.trim() } : {}) } }),
    onSuccess: () => { setOpen(false); notifySuccess(label(pt.closed)); void qc.invalidateQueries({ queryKey: ['entity'] }); },
    onError: (e) => { setError(e instanceof Error ? e.message : undefined); notifyError(label(pt.closeFailed), e); },
  });
  if (session.status !== 'active' || !can(permissionCode(sessionDef, 'close'))) return null;
  return (
    <>
      <Button color="red" leftSection={<IconCashRegister size={16} />} onClick={() => { setError(undefined); setOpen(true); }}>{label(pt.close)}</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={label(pt.closeTitle)}>
        <form onSubmit={(e) => { e.preventDefault(); close.mutate(); }}>
          <Stack>
            <Text size="sm">{label(pt.closeAsk)}</Text>
            <TextInput label={label(pt.countedCash)} value={cash} onChange={(e) => setCash(e.currentTarget.value)} inputMode="decimal" required data-autofocus error={error} />
            <TextInput label={label(pt.countedBank)} value={bank} onChange={(e) => setBank(e.currentTarget.value)} inputMode="decimal" />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>{label(pt.cancel)}</Button>
              <Button type="submit" color="red" loading={close.isPending}>{label(pt.close)}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function PrintButton({ session }: { session: Row }) {
  const { label, locale } = useLocale();
  const print = (layout: 'a4' | 'receipt') => {
    openPdf(`/api/pos/sessions/${String(session.id)}/pdf?lang=${locale}&layout=${layout}`).catch((e: unknown) => notifyError(label(pt.printFailed), e));
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconPrinter size={16} />}>{label(pt.print)}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => print('a4')}>{label(pt.printA4)}</Menu.Item>
        <Menu.Item onClick={() => print('receipt')}>{label(pt.printReceipt)}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export default function SessionDetailScreen() {
  return <EntityDetailPage def={sessionDef} basePath="/pos/sessions" actions={(row) => <><PrintButton session={row} /><CloseButton session={row} /></>} children={(row) => <SessionSummary session={row} />} />;
}
