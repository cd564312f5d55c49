import { eq } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { entityByName } from '../../registry';
import { product } from '../model/product.entity';
import { uom } from '../model/uom.entity';

/** Whether a unit already carries quantities: a product is kept in it, or a stock move was recorded in it. */
export async function uomInUse(tx: Tx, uomId: number): Promise<boolean> {
  const p = tableOf(product);
  if ((await tx.select({ id: p.id }).from(p).where(eq(p.uomId, uomId)).limit(1)).length) return true;
  const m = tableOf(entityByName('stockMove'));
  return (await tx.select({ id: m.id }).from(m).where(eq(m.uomId, uomId)).limit(1)).length > 0;
}

export async function groupHasUnits(tx: Tx, groupId: number): Promise<boolean> {
  const t = tableOf(uom);
  return (await tx.select({ id: t.id }).from(t).where(eq(t.groupId, groupId)).limit(1)).length > 0;
}
