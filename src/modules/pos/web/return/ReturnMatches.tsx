import { Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useFormat } from '../../../../web/i18n/useFormat';
import { useLocale } from '../../../../web/i18n/useLocale';
import type { OrderMatch } from './returnApi';
import { rt } from './texts';

/**
 * The till orders matching what the cashier typed (part of the number, the customer's name or phone, the date),
 * newest first, to pick the one to return: each row's button ("Return this order <number>") loads it. The first
 * button takes the focus; ↑ and ↓ move between them, Enter picks (a sale found without the mouse).
 */
export function ReturnMatches({ items, more, onPick }: { items: OrderMatch[]; more: boolean; onPick: (id: number) => void }) {
  const { label } = useLocale();
  const fmt = useFormat();
  const body = useRef<HTMLTableSectionElement>(null);
  useEffect(() => { body.current?.querySelector('button')?.focus(); }, [items]);
  const move = (e: React.KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const all = [...(body.current?.querySelectorAll('button') ?? [])];
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const next = all[Math.min(all.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))];
    if (next) { e.preventDefault(); next.focus(); }
  };
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">{label(rt.matches, { n: fmt.number(items.length, 0) })}</Title>
      {more && <Text size="sm" c="dimmed">{label(rt.matchesMore)}</Text>}
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={label(rt.matches, { n: fmt.number(items.length, 0) })} verticalSpacing={4} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{label(rt.order)}</Table.Th>
              <Table.Th>{label(rt.date)}</Table.Th>
              <Table.Th>{label(rt.customer)}</Table.Th>
              <Table.Th>{label(rt.phone)}</Table.Th>
              <Table.Th>{label(rt.total)}</Table.Th>
              <Table.Th><VisuallyHidden>{label(rt.pick)}</VisuallyHidden></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody ref={body} onKeyDown={move}>
            {items.map((m) => (
              <Table.Tr key={m.id} data-match={m.id}>
                <Table.Td><span dir="ltr">{m.number}</span></Table.Td>
                <Table.Td>{fmt.date(m.orderDate)}</Table.Td>
                <Table.Td>{m.customer}</Table.Td>
                <Table.Td><span dir="ltr">{m.phone ?? ''}</span></Table.Td>
                <Table.Td>{fmt.number(m.totalAmount, 2)}</Table.Td>
                <Table.Td>
                  <Button size="compact-sm" variant="light" onClick={() => onPick(m.id)} aria-label={`${label(rt.pick)} ${m.number}`}>{label(rt.pick)}</Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
