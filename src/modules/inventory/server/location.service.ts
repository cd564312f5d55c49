import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import { entityByName } from '../../registry';
import { inventorySettings } from '../model/inventory-settings.entity';
import { location } from '../model/location.entity';
import { warehouse } from '../model/warehouse.entity';

/**
 * Warehouses and their locations. locationsCount is recounted under the warehouse's row lock (taken before a
 * location is added, moved or removed), so concurrent changes of one warehouse serialise and the count stays the
 * number of its locations.
 */
export const SETTINGS_LOCATIONS = ['defaultLocationId', 'vendorLocationId', 'customerLocationId', 'adjustmentLocationId', 'scrapLocationId'] as const;

/** Locks the warehouses (ascending ids, one order for everyone) and says which of them belong to the company. */
export async function lockWarehouses(tx: Tx, companyId: number, ids: (number | null | undefined)[]): Promise<Set<number>> {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === 'number'))].sort((a, b) => a - b);
  if (!wanted.length) return new Set();
  const t = tableOf(warehouse);
  const rows = await tx.select({ id: t.id }).from(t).where(and(eq(t.companyId, companyId), inArray(t.id, wanted))).orderBy(t.id).for('update');
  return new Set(rows.map((r) => r.id as number));
}

/** locations_count = the warehouse's locations, leaving out one being deleted. */
export async function recountLocations(tx: Tx, warehouseId: unknown, excluding?: number): Promise<void> {
  if (typeof warehouseId !== 'number') return;
  const w = tableOf(warehouse);
  const l = tableOf(location);
  const n = tx.select({ n: sql`count(*)::int` }).from(l).where(and(eq(l.warehouseId, warehouseId), excluding ? ne(l.id, excluding) : undefined));
  await tx.update(w).set({ locationsCount: sql`(${n})` }).where(eq(w.id, warehouseId));
}

export async function warehouseHasLocations(tx: Tx, warehouseId: number): Promise<boolean> {
  const l = tableOf(location);
  return (await tx.select({ id: l.id }).from(l).where(eq(l.warehouseId, warehouseId)).limit(1)).length > 0;
}

/** Stock on hand (a non-zero quant) or any stock move from or to the location. */
export async function locationHasStock(tx: Tx, locationId: number): Promise<boolean> {
  const q = tableOf(entityByName('stockItem'));
  if ((await tx.select({ id: q.id }).from(q).where(and(eq(q.locationId, locationId), ne(q.quantity, '0'))).limit(1)).length) return true;
  const m = tableOf(entityByName('stockMove'));
  return (await tx.select({ id: m.id }).from(m).where(or(eq(m.fromLocationId, locationId), eq(m.toLocationId, locationId))).limit(1)).length > 0;
}

/** Whether the company's inventory settings name this location (default, counterpart or scrap location). */
export async function locationInSettings(tx: Tx, companyId: number, locationId: number): Promise<boolean> {
  const s = tableOf(inventorySettings);
  const r = await tx.select({ id: s.id }).from(s)
    .where(and(eq(s.companyId, companyId), or(...SETTINGS_LOCATIONS.map((k) => eq(s[k], locationId))))).limit(1);
  return r.length > 0;
}
