import { Button } from '@mantine/core';
import { IconPackageImport } from '@tabler/icons-react';
import { useState } from 'react';
import { permissionCode } from '../../../core/entity/define';
import { useCan } from '../../../web/api/useAuth';
import type { Row } from '../../../web/api/useEntityQueries';
import EntityDetailPage from '../../../web/entity/EntityDetailPage';
import { useLocale } from '../../../web/i18n/useLocale';
import { entityByName } from '../../registry';
import { DocumentMovesPanel } from './DocumentMovesPanel';
import { ReceivePartDialog } from './ReceivePartDialog';
import { tx } from './texts';

/**
 * Record pages of the stock documents (receipt, delivery, transfer, scrap, stock adjustment, beginning balance):
 * the generic detail page (fields, items, transitions, history) with the document's stock moves and journal
 * entries (edit and delete where its definition's states allow them); a receipt being
 * received also offers "Receive part".
 */
function ReceivePartButton({ row }: { row: Row }) {
  const { label } = useLocale();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!['approved', 'partially_received'].includes(String(row.status)) || !can(permissionCode(entityByName('receipt'), 'receivePartial'))) return null;
  return (
    <>
      <Button variant="light" leftSection={<IconPackageImport size={16} />} onClick={() => setOpen(true)}>{label(tx.receivePart)}</Button>
      {open && <ReceivePartDialog key={row.version} receipt={row} opened onClose={() => setOpen(false)} />}
    </>
  );
}

function DocumentDetail({ name }: { name: string }) {
  const def = entityByName(name);
  return (
    <EntityDetailPage def={def} basePath={def.route ?? '/home'}
      actions={name === 'receipt' ? (row) => <ReceivePartButton row={row} /> : undefined}>
      {(row) => <DocumentMovesPanel def={def} row={row} />}
    </EntityDetailPage>
  );
}

export const ReceiptScreen = () => <DocumentDetail name="receipt" />;
export const DeliveryScreen = () => <DocumentDetail name="delivery" />;
export const TransferScreen = () => <DocumentDetail name="transfer" />;
export const ScrapScreen = () => <DocumentDetail name="scrap" />;
export const StockAdjustmentScreen = () => <DocumentDetail name="stockAdjustment" />;
export const OpeningScreen = () => <DocumentDetail name="inventoryOpening" />;
