import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AnyEntity } from '../../../core/entity/define';
import { type Row, useEntityList } from '../../../web/api/useEntityQueries';
import { toScaled } from '../../../web/entity/decimalMath';
import { FieldValue } from '../../../web/entity/FieldValue';
import { useLocale } from '../../../web/i18n/useLocale';
import { notifyError } from '../../../web/ui/notify';
import { entityByName } from '../../registry';
import { entryHref } from './documentLinks';
import { money, total } from './lineMath';
import { StockMoveDialog } from './StockMoveDialog';
import { tx } from './texts';

/**
 * What a stock document did: its stock moves (the ledger rows with sourceType = the document's entity and
 * sourceId = its id; a row opens the move's details) and links to the journal entries it posted (its own
 * entryId, the moves' entries and entries whose source is the document, e.g. each partial receipt).
 */
const moveDef = entityByName('stockMove');
const entryDef = entityByName('journalEntry');
const COLUMNS = ['date', 'moveType', 'productId', 'lotId', 'fromLocationId', 'toLocationId', 'quantity', 'value'];

export function DocumentMovesPanel({ def, row }: { def: AnyEntity; row: Row }) {
  const { label, to } = useLocale();
  const [open, setOpen] = useState<Row | null>(null);
  const source = { sourceType: def.name, sourceId: String(row.id) };
  const moves = useEntityList(moveDef, { filters: source, sort: 'date', pageSize: 200 });
  const entries = useEntityList(entryDef, { filters: source, sort: 'date', pageSize: 50 });
  useEffect(() => {
    if (moves.error) notifyError(label(tx.movesFailed), moves.error);
  }, [moves.error]); // eslint-disable-line react-hooks/exhaustive-deps

  const items = moves.data?.items ?? [];
  const links = new Map<string, string>();
  if (row.entryId) links.set(String(row.entryId), row._refs?.entryId ?? `#${String(row.entryId)}`);
  for (const e of entries.data?.items ?? []) links.set(String(e.id), String(e.number ?? `#${e.id}`));
  for (const m of items) if (m.entryId && !links.has(String(m.entryId))) links.set(String(m.entryId), m._refs?.entryId ?? `#${String(m.entryId)}`);

  return (
    <Paper withBorder radius="md" p="lg" data-testid="document-moves">
      <Stack gap="sm">
        <Title order={2} fz="lg">{label(tx.stockMoves)}</Title>
        {items.length === 0 ? (
          <Text c="dimmed" size="sm">{label(tx.noMoves)}</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover withTableBorder fz="sm">
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((k) => (
                    <Table.Th key={k} ta={k === 'quantity' || k === 'value' ? 'end' : undefined}>{label(moveDef.fields[k]!.label)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((m) => (
                  <Table.Tr key={m.id} onClick={() => setOpen(m)} style={{ cursor: 'pointer' }}>
                    {COLUMNS.map((k) => (
                      <Table.Td key={k} ta={k === 'quantity' || k === 'value' ? 'end' : undefined}>
                        <FieldValue def={moveDef} name={k} row={m} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
              {def.name !== 'transfer' && (
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS.length - 1} ta="end"><Text size="sm" c="dimmed">{label(tx.totalValue)}</Text></Table.Td>
                    <Table.Td ta="end"><Text size="sm" ff="monospace" fw={600} dir="ltr">{money(total(items, (m) => toScaled(m.value)))}</Text></Table.Td>
                  </Table.Tr>
                </Table.Tfoot>
              )}
            </Table>
          </Table.ScrollContainer>
        )}
        <Group gap="sm">
          <Text size="sm" fw={600}>{label(tx.journalEntries)}:</Text>
          {links.size === 0 ? (
            <Text size="sm" c="dimmed">{label(tx.noEntries)}</Text>
          ) : (
            [...links].map(([id, title]) => (
              <Anchor key={id} component={Link} to={to(entryHref(id)!)} size="sm" data-testid="entry-link">{title}</Anchor>
            ))
          )}
        </Group>
      </Stack>
      <StockMoveDialog move={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}
