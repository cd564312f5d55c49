import { Button, Group, Table, TextInput, Title } from '@mantine/core';
import { useFormat } from '../../../../web/i18n/useFormat';
import { useLocale } from '../../../../web/i18n/useLocale';
import type { ReturnOrder } from './returnApi';
import { rt } from './texts';

/**
 * The order's lines: what was sold, what confirmed returns already took back, what is left, and for each line the
 * quantity to return now and its own reason. Every input is named with its product in the page's language (Tab
 * goes quantity, reason, next line); "Return all that is left" fills every quantity.
 */
export function ReturnLines({ lines, quantities, reasons, setQuantity, setReason, onAll, firstRef }: {
  lines: ReturnOrder['lines']; quantities: Record<number, string>; reasons: Record<number, string>;
  setQuantity: (line: number, v: string) => void; setReason: (line: number, v: string) => void; onAll: () => void;
  firstRef: React.RefObject<HTMLInputElement | null>;
}) {
  const { label, locale } = useLocale();
  const fmt = useFormat();
  const name = (l: ReturnOrder['lines'][number]) => (locale === 'ar' && l.nameAr ? l.nameAr : l.name);
  const firstOpen = lines.findIndex((l) => Number(l.returnable) > 0);
  return (
    <>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="lg">{label(rt.lines)}</Title>
        <Button size="compact-sm" variant="light" onClick={onAll} aria-keyshortcuts="Alt+A">{label(rt.all)}</Button>
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table aria-label={label(rt.lines)} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{label(rt.product)}</Table.Th>
              <Table.Th>{label(rt.price)}</Table.Th>
              <Table.Th>{label(rt.sold)}</Table.Th>
              <Table.Th>{label(rt.returned)}</Table.Th>
              <Table.Th>{label(rt.left)}</Table.Th>
              <Table.Th>{label(rt.toReturn)}</Table.Th>
              <Table.Th>{label(rt.itemReason)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l, i) => {
              const none = Number(l.returnable) <= 0;
              return (
                <Table.Tr key={l.orderLine} data-line={l.orderLine}>
                  <Table.Td>{name(l)}</Table.Td>
                  <Table.Td>{fmt.number(l.price, 2)}</Table.Td>
                  <Table.Td>{fmt.number(l.sold, 0)}</Table.Td>
                  <Table.Td>{fmt.number(l.returned, 0)}</Table.Td>
                  <Table.Td>{fmt.number(l.returnable, 0)}</Table.Td>
                  <Table.Td>
                    <TextInput ref={i === firstOpen ? firstRef : undefined} size="xs" w={90} inputMode="decimal" disabled={none}
                      aria-label={`${label(rt.toReturn)}: ${name(l)}`} value={quantities[l.orderLine] ?? ''} placeholder="0"
                      onChange={(e) => setQuantity(l.orderLine, e.currentTarget.value)} onFocus={(e) => e.currentTarget.select()} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput size="xs" w={{ base: 160, sm: 220 }} maxLength={200} disabled={none} aria-label={`${label(rt.itemReason)}: ${name(l)}`}
                      value={reasons[l.orderLine] ?? ''} onChange={(e) => setReason(l.orderLine, e.currentTarget.value)} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
