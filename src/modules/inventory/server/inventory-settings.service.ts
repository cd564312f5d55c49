import { and, eq, inArray } from 'drizzle-orm';
import { tableOf } from '../../../core/db/entity-table';
import type { Tx } from '../../../core/db/tx';
import type { Data } from '../../../core/entity/hooks';
import type { Ctx } from '../../../core/http/context';
import { tr } from '../../../core/i18n/locale';
import { LOCATION_KINDS } from '../model/enums';
import { inventorySettings } from '../model/inventory-settings.entity';
import { location } from '../model/location.entity';
import { fieldError, mm } from './master-data.messages';

/**
 * What the inventory settings must say so that documents can rely on them: the default location is an internal,
 * non-scrap location of the default warehouse; the counterpart locations have the kind their role needs (vendors,
 * customers, adjustments are virtual); the scrap location is a scrap location. That its accounts take postings is the fields' own check (postableAccountRef). The
 * valuation method may change at any time: it applies to the moves posted after the change.
 */
const COUNTERPARTS = { vendorLocationId: 'vendor', customerLocationId: 'customer', adjustmentLocationId: 'virtual' } as const;

export type ValuationMethod = 'fifo' | 'lifo' | 'average' | 'specific';

/** The company's inventory settings as the stock ledger and the documents read them. */
export interface InventorySettings {
  id: number | null;
  valuationMethod: ValuationMethod;
  allowNegativeStock: boolean;
  enableBatchTracking: boolean;
  enableSerialTracking: boolean;
  enableExpiryTracking: boolean;
  defaultWarehouseId: number | null;
  defaultLocationId: number | null;
  defaultUomId: number | null;
  vendorLocationId: number | null;
  customerLocationId: number | null;
  adjustmentLocationId: number | null;
  scrapLocationId: number | null;
  journalId: number | null;
  stockInputAccountId: number | null;
  lossAccountId: number | null;
  gainAccountId: number | null;
  lowStockThreshold: string | null;
  stockExpiryAlertDays: number | null;
  minimumReplenishmentLevel: string | null;
  autoReplenishment: boolean;
  auditTrail: boolean;
}

export const NO_SETTINGS: InventorySettings = {
  id: null, valuationMethod: 'fifo', allowNegativeStock: false, enableBatchTracking: false, enableSerialTracking: false,
  enableExpiryTracking: false, defaultWarehouseId: null, defaultLocationId: null, defaultUomId: null, vendorLocationId: null,
  customerLocationId: null, adjustmentLocationId: null, scrapLocationId: null, journalId: null, stockInputAccountId: null,
  lossAccountId: null, gainAccountId: null, lowStockThreshold: null, stockExpiryAlertDays: null, minimumReplenishmentLevel: null,
  autoReplenishment: false, auditTrail: true,
};

/** The settings row (made with the company by inventory.defaults); a company without one reads as all unset. */
export async function loadInventorySettings(tx: Tx | Ctx['db']['orm'], companyId: number): Promise<InventorySettings> {
  const t = tableOf(inventorySettings);
  const [row] = await tx.select().from(t).where(eq(t.companyId, companyId)).limit(1);
  if (!row) return { ...NO_SETTINGS };
  const out = { ...NO_SETTINGS } as Record<string, unknown>;
  for (const k of Object.keys(NO_SETTINGS)) if (k in row) out[k] = (row as Record<string, unknown>)[k];
  return out as unknown as InventorySettings;
}

export async function checkSettings(ctx: Ctx, tx: Tx, v: Data): Promise<void> {
  const keys = ['defaultLocationId', ...Object.keys(COUNTERPARTS), 'scrapLocationId'];
  const ids = [...new Set(keys.map((k) => v[k]).filter((x): x is number => typeof x === 'number'))];
  const l = tableOf(location);
  const rows = ids.length
    ? await tx.select({ id: l.id, kind: l.kind, isScrap: l.isScrap, warehouseId: l.warehouseId }).from(l)
      .where(and(eq(l.companyId, ctx.companyId), inArray(l.id, ids)))
    : [];
  const loc = new Map(rows.map((r) => [r.id as number, r]));
  const label = (k: string) => tr(inventorySettings.fields[k as keyof typeof inventorySettings.fields].label, ctx.locale);

  if (typeof v.defaultLocationId === 'number') {
    const d = loc.get(v.defaultLocationId);
    if (d && (d.kind !== 'internal' || d.isScrap || typeof v.defaultWarehouseId !== 'number' || d.warehouseId !== v.defaultWarehouseId))
      throw fieldError(mm.defaultLocationWrong, ctx.locale, 'defaultLocationId');
  }
  for (const [k, kind] of Object.entries(COUNTERPARTS)) {
    const c = typeof v[k] === 'number' ? loc.get(v[k]) : undefined;
    if (c && (c.kind !== kind || c.isScrap)) {
      const kindLabel = tr(LOCATION_KINDS.find((o) => o.value === kind)!.label, ctx.locale);
      throw fieldError(mm.locationKindWrong, ctx.locale, k, 422, { field: label(k), kind: kindLabel });
    }
  }
  const s = typeof v.scrapLocationId === 'number' ? loc.get(v.scrapLocationId) : undefined;
  if (s && !s.isScrap) throw fieldError(mm.scrapLocationWrong, ctx.locale, 'scrapLocationId');
}
