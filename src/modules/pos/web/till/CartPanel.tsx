import { ActionIcon, Badge, Button, Group, Kbd, ScrollArea, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCash, IconTrash } from '@tabler/icons-react';
import { useLocale } from '../../../../web/i18n/useLocale';
import { useFormat } from '../../../../web/i18n/useFormat';
import type { CartLine, Totals } from './cart';
import { tt } from './texts';

/** The cart: lines (the selected one marked; a click selects it), totals (exact once quoted, else "estimated"), Pay. */
export function CartPanel({ lines, totals, selected, setSelected, onRemove, onEdit, onPay }: {
  lines: CartLine[]; totals: Totals; selected: number; setSelected: (i: number) => void;
  onRemove: (i: number) => void; onEdit: (i: number, field: 'quantity' | 'price' | 'discount') => void; onPay: () => void;
}) {
  const { label, locale } = useLocale();
  const fmt = useFormat();
  const name = (l: CartLine) => (locale === 'ar' && l.nameAr ? l.nameAr : l.name);
  return (
    <Stack gap="sm" h="100%">
      <Title order={2} fz="lg">{label(tt.cart)}</Title>
      <ScrollArea style={{ flex: 1 }} type="auto">
        {lines.length === 0 ? <Text c="dimmed">{label(tt.emptyCart)}</Text> : (
          <Table aria-label={label(tt.cart)} highlightOnHover verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{label(tt.product)}</Table.Th>
                <Table.Th>{label(tt.quantity)}</Table.Th>
                <Table.Th>{label(tt.price)}</Table.Th>
                <Table.Th>{label(tt.discount)}</Table.Th>
                <Table.Th>{label(tt.amount)}</Table.Th>
                <Table.Th><VisuallyHidden>{label(tt.remove)}</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l, i) => (
                <Table.Tr key={`${l.productId}-${i}`} aria-selected={i === selected} data-selected={i === selected || undefined}
                  onClick={() => setSelected(i)} style={{ cursor: 'pointer', background: i === selected ? 'var(--mantine-primary-color-light)' : undefined }}>
                  <Table.Td><Text size="sm" fw={600}>{name(l)}</Text></Table.Td>
                  <Table.Td><Button size="compact-sm" variant="subtle" onClick={() => onEdit(i, 'quantity')} aria-label={`${label(tt.quantity)} ${name(l)}`}>{fmt.number(l.quantity, 0)}</Button></Table.Td>
                  <Table.Td><Button size="compact-sm" variant="subtle" onClick={() => onEdit(i, 'price')} aria-label={`${label(tt.price)} ${name(l)}`}>{fmt.number(l.price ?? l.unitPrice, 2)}</Button></Table.Td>
                  <Table.Td><Button size="compact-sm" variant="subtle" onClick={() => onEdit(i, 'discount')} aria-label={`${label(tt.discount)} ${name(l)}`}>{fmt.number(l.discount, 0)}</Button></Table.Td>
                  <Table.Td><Text size="sm">{fmt.number(totals.lines[i]?.subtotal ?? '0', 2)}</Text></Table.Td>
                  <Table.Td><ActionIcon variant="subtle" color="red" onClick={(e) => { e.stopPropagation(); onRemove(i); }} aria-label={`${label(tt.remove)} ${name(l)}`}><IconTrash size={16} /></ActionIcon></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </ScrollArea>
      <Stack gap={2}>
        <Group justify="space-between"><Text>{label(tt.subtotal)}</Text><Text>{fmt.number(totals.subtotal, 2)}</Text></Group>
        <Group justify="space-between"><Text>{label(tt.tax)}</Text><Text>{fmt.number(totals.taxAmount, 2)}</Text></Group>
        <Group justify="space-between">
          <Text fw={700} fz="xl">{label(tt.total)}</Text>
          <Text fw={700} fz="xl" data-testid="till-total">{fmt.number(totals.total, 2)}</Text>
        </Group>
        {lines.length > 0 && !totals.exact && <Badge color="yellow" variant="light" style={{ textTransform: 'none' }}>{label(tt.estimated)}</Badge>}
      </Stack>
      <Button size="xl" leftSection={<IconCash />} onClick={onPay} disabled={lines.length === 0} rightSection={<Kbd>F9</Kbd>}>{label(tt.pay)}</Button>
    </Stack>
  );
}
