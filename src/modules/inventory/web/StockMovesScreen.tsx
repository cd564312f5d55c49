import { Container } from '@mantine/core';
import { useState } from 'react';
import type { Row } from '../../../web/api/useEntityQueries';
import { EntityList } from '../../../web/entity/EntityList';
import { detailRouteOf } from '../../../web/routeTable';
import { entityByName } from '../../registry';
import { StockMoveDialog } from './StockMoveDialog';

/**
 * The stock ledger (/inventory/transactions/stockmoves): the generic list with its filters (date from and to, move
 * type, product, lot, and a location matching either side of a move), where a row opens the move's details in a
 * dialog.
 */
const def = entityByName('stockMove');

export default function StockMovesScreen() {
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <Container size="xl" px={0}>
      <EntityList def={def} detailRoute={detailRouteOf(def.name) ?? `${def.route}/{id}`} onOpen={setOpen} />
      <StockMoveDialog move={open} onClose={() => setOpen(null)} />
    </Container>
  );
}
