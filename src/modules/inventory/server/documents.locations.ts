import { and, eq, inArray } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import type { Ctx } from '../../../core/http/context';
import { inventorySettings } from '../model/inventory-settings.entity';
import { location } from '../model/location.entity';
import { dm, docError } from './documents.messages';
import type { InventorySettings } from './inventory-settings.service';

/**
 * Where a document may move stock. A stock location is an active internal location of the caller's company with
 * a warehouse; `scrap` says whether it must not be a scrap location (the default), must be one, or may be either.
 * A location of another company reads exactly like a missing one.
 */
export interface LocationInfo { id: number; name: string; nameAr: string | null; kind: string; isScrap: boolean; isActive: boolean; warehouseId: number | null }

export async function loadLocations(tx: Tx, ctx: Ctx, ids: (number | null | undefined)[]): Promise<Map<number, LocationInfo>> {
  const want = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
  if (!want.length) return new Map();
  const t = tableOf(location);
  const rows = await tx.select({ id: t.id, name: t.name, nameAr: t.nameAr, kind: t.kind, isScrap: t.isScrap, isActive: t.isActive, warehouseId: t.warehouseId })
    .from(t).where(and(eq(t.companyId, ctx.companyId), inArray(t.id, want)));
  return new Map(rows.map((r) => [r.id as number, r as LocationInfo]));
}

const title = (l: LocationInfo, ctx: Ctx) => (ctx.locale === 'ar' && l.nameAr ? l.nameAr : l.name);

interface Rule {
  /** 'refuse' (default): not a scrap location; 'require': a scrap location; 'allow': either. */
  scrap?: 'refuse' | 'require' | 'allow';
  /** The message when a scrap location is refused (e.g. "Cannot receive into a scrap location"). */
  scrapMessage?: typeof dm[keyof typeof dm];
}

/** The location `id` checked for `field`, or a field-keyed 422 in the caller's language. */
export function stockLocation(ctx: Ctx, locations: Map<number, LocationInfo>, id: unknown, field: string, rule: Rule = {}): LocationInfo {
  const L = ctx.locale;
  const loc = typeof id === 'number' ? locations.get(id) : undefined;
  if (!loc) throw docError(dm.locationNotFound, {}, L, field);
  const vars = { location: title(loc, ctx) };
  if (!loc.isActive) throw docError(dm.locationInactive, vars, L, field);
  if (loc.kind !== 'internal') throw docError(dm.locationNotInternal, vars, L, field);
  const scrap = rule.scrap ?? 'refuse';
  if (scrap === 'refuse' && loc.isScrap) throw docError(rule.scrapMessage ?? dm.fromScrap, vars, L, field);
  if (scrap === 'require' && !loc.isScrap) throw docError(dm.notScrapLocation, vars, L, field);
  if (loc.warehouseId === null && !loc.isScrap) throw docError(dm.locationNoWarehouse, vars, L, field);
  return loc;
}

/** A counterpart location named by the inventory settings (vendors, customers, adjustments), or a 422 naming the setting. */
export function settingLocation(ctx: Ctx, settings: InventorySettings, key: 'vendorLocationId' | 'customerLocationId' | 'adjustmentLocationId'): number {
  const v = settings[key];
  if (typeof v === 'number') return v;
  const label = inventorySettings.fields[key].label;
  throw docError(dm.settingMissing, { setting: ctx.locale === 'ar' ? label.ar : label.en }, ctx.locale, '_');
}
