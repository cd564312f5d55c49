import { ActionIcon, Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconArrowBarToDown } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../web/api/client';
import type { Row } from '../../../web/api/useEntityQueries';
import { toScaled } from '../../../web/entity/decimalMath';
import { RefTitle } from '../../../web/entity/RefTitle';
import { useLocale } from '../../../web/i18n/useLocale';
import { useConfirm } from '../../../web/ui/ConfirmProvider';
import { DateField } from '../../../web/ui/DateField';
import { errorMessage, notifyError, notifySuccess } from '../../../web/ui/notify';
import { useTracking } from './itemColumns';
import { leftToReceive, qty } from './lineMath';
import { type PartInput, checkParts, partsToSend } from './receiveParts';
import { tx } from './texts';

/**
 * "Receive part" of an approved receipt: for each line, what was ordered, received and is left, and what comes in
 * now (at most what is left; a lot and expiry date when tracked). Posts receivePartial; the server moves the stock,
 * posts the entry and sets partially_received or received.
 */
export function ReceivePartDialog({ receipt, opened, onClose }: { receipt: Row; opened: boolean; onClose: () => void }) {
  const { label } = useLocale();
  const confirm = useConfirm();
  const qc = useQueryClient();
  const items = (Array.isArray(receipt.items) ? receipt.items : []) as Record<string, unknown>[];
  const tracking = useTracking(items, ['lotName', 'expiryDate']);
  const [parts, setParts] = useState<PartInput[]>(() => items.map(() => ({ quantity: '', lotName: '', expiryDate: '' })));
  const [date, setDate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const receive = useMutation({
    mutationFn: (body: unknown) => api<Row>(`/api/inventory/receipts/${receipt.id}/receivePartial`, { method: 'POST', body }),
    onSuccess: () => {
      notifySuccess(label(tx.receivedDone));
      void qc.invalidateQueries({ queryKey: ['entity'] });
      onClose();
    },
    onError: (e) => {
      setProblem(errorMessage(e));
      notifyError(label(tx.receiveFailed), e);
    },
  });
  const set = (i: number, p: Partial<PartInput>) => setParts((old) => old.map((x, j) => (j === i ? { ...x, ...p } : x)));

  const submit = async () => {
    const p = checkParts(items, parts);
    setProblem(p === null ? null : p.kind === 'nothing' ? label(tx.receiveNothing) : p.kind === 'tooMuch' ? label(tx.receiveTooMuch, { line: p.line, left: p.left }) : label(tx.receiveBadQuantity, { line: p.line }));
    if (p !== null || !(await confirm({ message: label(tx.confirmReceive) }))) return;
    receive.mutate({ items: partsToSend(parts), ...(date ? { date } : {}) });
  };

  return (
    <Modal opened={opened} onClose={onClose} size="xl" title={label(tx.receivePartTitle, { number: String(receipt.number ?? `#${receipt.id}`) })}
      styles={{ title: { fontWeight: 700 } }}>
      <Stack gap="md">
        {problem && <Alert color="red" icon={<IconAlertCircle />} role="alert">{problem}</Alert>}
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder fz="sm" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>#</Table.Th>
                <Table.Th>{label(tx.product)}</Table.Th>
                <Table.Th ta="end">{label(tx.ordered)}</Table.Th>
                <Table.Th ta="end">{label(tx.received)}</Table.Th>
                <Table.Th ta="end">{label(tx.left)}</Table.Th>
                <Table.Th w={130}>{label(tx.receiveNow)}</Table.Th>
                {tracking.lots && <Table.Th w={140}>{label(tx.lotName)}</Table.Th>}
                {tracking.expiry && <Table.Th w={150}>{label(tx.expiryDate)}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((it, i) => {
                const left = leftToReceive(it.quantity, it.receivedQuantity);
                const num = (v: string) => <Text size="sm" ff="monospace" dir="ltr" ta="end">{v}</Text>;
                return (
                  <Table.Tr key={i}>
                    <Table.Td c="dimmed">{i + 1}</Table.Td>
                    <Table.Td>
                      {it.productId ? <RefTitle target="product" id={Number(it.productId)} /> : null}
                      {it.uomId ? <Text span size="xs" c="dimmed"> · <RefTitle target="uom" id={Number(it.uomId)} /></Text> : null}
                    </Table.Td>
                    <Table.Td>{num(qty(toScaled(it.quantity)))}</Table.Td>
                    <Table.Td>{num(qty(toScaled(it.receivedQuantity)))}</Table.Td>
                    <Table.Td>{num(qty(left))}</Table.Td>
                    <Table.Td>
                      <TextInput size="xs" dir="ltr" inputMode="decimal" aria-label={`${label(tx.receiveNow)} ${i + 1}`} disabled={left === 0n}
                        value={parts[i]?.quantity ?? ''} onChange={(e) => set(i, { quantity: e.currentTarget.value })}
                        styles={{ input: { textAlign: 'end', fontFamily: 'var(--mantine-font-family-monospace)' } }}
                        rightSection={left > 0n ? (
                          <ActionIcon size="sm" variant="subtle" onClick={() => set(i, { quantity: qty(left) })} aria-label={`${label(tx.fillLeft)} ${i + 1}`}>
                            <IconArrowBarToDown size={14} />
                          </ActionIcon>
                        ) : undefined} />
                    </Table.Td>
                    {tracking.lots && (
                      <Table.Td>
                        <TextInput size="xs" dir="auto" aria-label={`${label(tx.lotName)} ${i + 1}`} disabled={left === 0n}
                          placeholder={String(it.lotName ?? '')} value={parts[i]?.lotName ?? ''} onChange={(e) => set(i, { lotName: e.currentTarget.value })} />
                      </Table.Td>
                    )}
                    {tracking.expiry && (
                      <Table.Td>
                        <DateField size="xs" clearable aria-label={`${label(tx.expiryDate)} ${i + 1}`} disabled={left === 0n}
                          value={parts[i]?.expiryDate || null} onChange={(v) => set(i, { expiryDate: v ?? '' })} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" align="flex-end">
          <DateField label={label(tx.date)} value={date || null} onChange={(v) => setDate(v ?? '')} w={180} clearable
            description={label(tx.receiveDateHelp)} />
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={receive.isPending}>{label(tx.cancel)}</Button>
            <Button onClick={() => void submit()} loading={receive.isPending}>{label(tx.receive)}</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
