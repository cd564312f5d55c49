import { Anchor, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Row } from '../../../web/api/useEntityQueries';
import { FieldValue } from '../../../web/entity/FieldValue';
import { useLocale } from '../../../web/i18n/useLocale';
import { entityByName } from '../../registry';
import { entryHref, sourceHref } from './documentLinks';
import { tx } from './texts';

/** Every field of one stock move, with links to the document that made it and to its journal entry. */
const def = entityByName('stockMove');
const SHOWN = ['date', 'reference', 'moveType', 'productId', 'lotId', 'fromLocationId', 'toLocationId', 'quantity', 'uomQuantity', 'uomId', 'unitCost', 'value', 'notes'];

export function StockMoveDialog({ move, onClose }: { move: Row | null; onClose: () => void }) {
  const { label, to } = useLocale();
  const source = move ? sourceHref(move.sourceType, move.sourceId) : undefined;
  const entry = move ? entryHref(move.entryId) : undefined;
  return (
    <Modal opened={move !== null} onClose={onClose} size="lg" title={move ? label(tx.moveDetails, { reference: String(move.reference ?? `#${move.id}`) }) : ''}
      styles={{ title: { fontWeight: 700 } }}>
      {move && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} verticalSpacing="sm">
            {SHOWN.filter((k) => k in def.fields).map((k) => (
              <div key={k}>
                <Text size="xs" c="dimmed" fw={600}>{label(def.fields[k]!.label)}</Text>
                <FieldValue def={def} name={k} row={move} />
              </div>
            ))}
          </SimpleGrid>
          <Group gap="lg">
            {source && (
              <Anchor component={Link} to={to(source)} onClick={onClose}>
                {label(tx.openDocument)}
              </Anchor>
            )}
            {entry && (
              <Anchor component={Link} to={to(entry)} onClick={onClose}>
                {label(def.fields.entryId!.label)}: {move._refs?.entryId ?? `#${String(move.entryId)}`}
              </Anchor>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
