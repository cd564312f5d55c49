import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconCloudOff, IconCloudUpload, IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { useFormat } from '../../../../web/i18n/useFormat';
import { useLocale } from '../../../../web/i18n/useLocale';
import { useConfirm } from '../../../../web/ui/ConfirmProvider';
import { useServerReach } from './offline/useServerReach';
import type { QueueState, QueuedOrder } from './queue';
import { tt } from './texts';

/**
 * The outbox on the till: online or not (the browser offline, or the server not answering: useServerReach), how many sales wait, how many were refused, the last error; its list lets
 * the cashier send now, send a refused sale again (same key), take it back into the cart, or discard it.
 */
export function OutboxStatus({ state, persistent, open, setOpen, onSend, onRetry, onToCart, onDiscard }: {
  state: QueueState; persistent: boolean; open: boolean; setOpen: (o: boolean) => void;
  onSend: () => void; onRetry: (key: string) => void; onToCart: (o: QueuedOrder) => void; onDiscard: (key: string) => void;
}) {
  const { label } = useLocale();
  const fmt = useFormat();
  const confirm = useConfirm();
  const reach = useServerReach(state.lastError);
  const online = reach !== false;
  const browserOnline = typeof navigator === 'undefined' || navigator.onLine;
  const [busy, setBusy] = useState(false);
  const color = state.refused > 0 ? 'red' : state.pending > 0 ? 'yellow' : 'green';
  return (
    <>
      <Group gap="xs" role="status" aria-live="polite" data-testid="outbox-status" data-pending={state.pending} data-refused={state.refused} data-online={online}>
        <Badge color={online ? 'green' : 'red'} variant="light" leftSection={online ? undefined : <IconCloudOff size={14} />} style={{ textTransform: 'none' }}>
          {online ? label(tt.online) : label(browserOnline ? tt.serverDown : tt.offline)}
        </Badge>
        <Button size="compact-sm" variant="light" color={color} leftSection={<IconInbox size={14} />} onClick={() => setOpen(true)}>
          {state.sending ? label(tt.queueSending)
            : state.pending === 0 && state.refused === 0 ? label(tt.queueEmpty)
              : [state.pending > 0 ? label(tt.queuePending, { n: fmt.number(state.pending, 0) }) : '', state.refused > 0 ? label(tt.queueRefused, { n: fmt.number(state.refused, 0) }) : ''].filter(Boolean).join(' · ')}
        </Button>
        {state.lastError && <Text size="xs" c="red" data-testid="outbox-error">{label(tt.lastError, { e: state.lastError })}</Text>}
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={label(tt.queue)} size="xl" closeButtonProps={{ 'aria-label': label(tt.cancel) }}>
        <Stack>
          {!persistent && <Alert color="red">{label(tt.notPersistent)}</Alert>}
          {state.orders.length === 0 ? <Text>{label(tt.queueEmpty)}</Text> : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{label(tt.date)}</Table.Th>
                  <Table.Th>{label(tt.total)}</Table.Th>
                  <Table.Th>{label(tt.customer)}</Table.Th>
                  <Table.Th>{label(tt.status)}</Table.Th>
                  <Table.Th>{label(tt.actions)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {state.orders.map((o) => (
                  <Table.Tr key={o.key}>
                    <Table.Td>{new Date(o.createdAt).toLocaleTimeString(fmt.locale === 'ar' ? 'ar' : 'en', { timeZone: fmt.timeZone })}</Table.Td>
                    <Table.Td>{fmt.number(o.summary.total, 2)} <Text span size="xs" c="dimmed">({label(tt.lines, { n: fmt.number(o.summary.lines, 0) })})</Text></Table.Td>
                    <Table.Td>{o.summary.customer ?? label(tt.walkIn)}</Table.Td>
                    <Table.Td>
                      <Badge color={o.status === 'refused' ? 'red' : 'yellow'} variant="light">{label(o.status === 'refused' ? tt.refused : tt.pending)}</Badge>
                      {o.lastError && <Text size="xs" c={o.status === 'refused' ? 'red' : 'dimmed'}>{o.lastError}</Text>}
                    </Table.Td>
                    <Table.Td>
                      {o.status === 'refused' && (
                        <Group gap={4}>
                          <Button size="compact-xs" variant="light" onClick={() => onRetry(o.key)}>{label(tt.retry)}</Button>
                          <Button size="compact-xs" variant="light" onClick={() => onToCart(o)}>{label(tt.toCart)}</Button>
                          <Button size="compact-xs" variant="light" color="red" onClick={async () => {
                            if (await confirm({ message: label(tt.discardAsk), danger: true, confirmLabel: label(tt.discard) })) onDiscard(o.key);
                          }}>{label(tt.discard)}</Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="flex-end">
            <Button leftSection={<IconCloudUpload size={16} />} loading={busy || state.sending} disabled={state.pending === 0} onClick={() => { setBusy(true); onSend(); setTimeout(() => setBusy(false), 300); }}>{label(tt.sendNow)}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
