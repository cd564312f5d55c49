import { Alert, Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { permissionCode } from '../../../core/entity/define';
import { api } from '../../../web/api/client';
import { useCan } from '../../../web/api/useAuth';
import { type Row, useEntityList } from '../../../web/api/useEntityQueries';
import { toScaled } from '../../../web/entity/decimalMath';
import { FieldValue } from '../../../web/entity/FieldValue';
import { useFormat } from '../../../web/i18n/useFormat';
import { useLocale } from '../../../web/i18n/useLocale';
import { notifyError } from '../../../web/ui/notify';
import { entityByName } from '../../registry';
import { averageCost, money, qty } from './lineMath';
import { StockMoveDialog } from './StockMoveDialog';
import { tx } from './texts';

/**
 * A product's stock at a glance (GET /api/inventory/products/:id/statistics): on hand in internal locations and
 * per location, the value of its valuation layers, the average cost, how many moves and the latest ones.
 * A failure reads "Error fetching product statistics".
 */
export interface ProductStats {
  productId: number;
  onHand: string;
  stockValue: string;
  movesCount: number;
  lastMoveDate: string | null;
  locations: { locationId: number; locationName: string; locationNameAr: string | null; warehouseName: string | null; quantity: string }[];
}

const productDef = entityByName('product');
const moveDef = entityByName('stockMove');
const MOVE_COLUMNS = ['date', 'reference', 'moveType', 'fromLocationId', 'toLocationId', 'quantity', 'value'];

function Figure({ label, value, unit }: { label: string; value: string; unit?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" fw={600}>{label}</Text>
      <Group gap={6} align="baseline">
        <Text fz="xl" fw={700} ff="monospace" dir="ltr">{value}</Text>
        {unit && <Text size="sm" c="dimmed">{unit}</Text>}
      </Group>
    </Paper>
  );
}

export function ProductStatistics({ product }: { product: Row }) {
  const { label, locale, to } = useLocale();
  const fmt = useFormat();
  const can = useCan();
  const [open, setOpen] = useState<Row | null>(null);
  const allowed = can(permissionCode(productDef, 'statistics'));
  const stats = useQuery({
    queryKey: ['entity', 'product', 'statistics', product.id, product.version],
    queryFn: ({ signal }) => api<ProductStats>(`/api/inventory/products/${product.id}/statistics`, { signal }),
    enabled: allowed,
  });
  const moves = useEntityList(moveDef, { filters: { productId: String(product.id) }, sort: '-date,-id', pageSize: 10 }, can(permissionCode(moveDef, 'view')));
  useEffect(() => {
    if (stats.error) notifyError(label(tx.statisticsFailed), stats.error);
  }, [stats.error]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!allowed) return null;

  const unit = product._refs?.uomId ?? undefined;
  const s = stats.data;
  const avg = s ? averageCost(s.stockValue, s.onHand) : null;
  return (
    <Paper withBorder radius="md" p="lg" data-testid="product-statistics">
      <Stack gap="md">
        <Title order={2} fz="lg">{label(tx.statistics)}</Title>
        {stats.isError && <Alert color="red" icon={<IconAlertCircle />}>{label(tx.statisticsFailed)}</Alert>}
        {stats.isPending && <Skeleton h={80} />}
        {s && (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              <Figure label={label(tx.onHand)} value={qty(toScaled(s.onHand))} unit={unit} />
              <Figure label={label(tx.stockValue)} value={money(toScaled(s.stockValue))} />
              <Figure label={label(tx.averageCost)} value={avg ?? '—'} />
              <Figure label={label(tx.movesCount)} value={String(s.movesCount)} unit={s.lastMoveDate ? label(tx.lastMove, { date: fmt.date(s.lastMoveDate) }) : undefined} />
            </SimpleGrid>
            {s.locations.length > 0 && (
              <Stack gap={6}>
                <Title order={3} fz="md">{label(tx.byLocation)}</Title>
                <Table withTableBorder striped fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{label(tx.location)}</Table.Th>
                      <Table.Th ta="end">{label(tx.onHand)}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {s.locations.map((l) => (
                      <Table.Tr key={l.locationId}>
                        <Table.Td>
                          {locale === 'ar' && l.locationNameAr ? l.locationNameAr : l.locationName}
                          {l.warehouseName && <Text span c="dimmed" size="xs"> · {l.warehouseName}</Text>}
                        </Table.Td>
                        <Table.Td ta="end"><Text span ff="monospace" dir="ltr">{qty(toScaled(l.quantity))}</Text></Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            )}
          </>
        )}
        {(moves.data?.items.length ?? 0) > 0 && (
          <Stack gap={6}>
            <Group justify="space-between">
              <Title order={3} fz="md">{label(tx.lastMoves)}</Title>
              <Anchor component={Link} size="sm" to={to(`${moveDef.route}?f.productId=${product.id}`)}>{label(tx.allMoves)}</Anchor>
            </Group>
            <Table.ScrollContainer minWidth={640}>
              <Table withTableBorder striped highlightOnHover fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    {MOVE_COLUMNS.map((k) => <Table.Th key={k} ta={k === 'quantity' || k === 'value' ? 'end' : undefined}>{label(moveDef.fields[k]!.label)}</Table.Th>)}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {moves.data!.items.map((m) => (
                    <Table.Tr key={m.id} onClick={() => setOpen(m)} style={{ cursor: 'pointer' }}>
                      {MOVE_COLUMNS.map((k) => (
                        <Table.Td key={k} ta={k === 'quantity' || k === 'value' ? 'end' : undefined}><FieldValue def={moveDef} name={k} row={m} /></Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
      </Stack>
      <StockMoveDialog move={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}
