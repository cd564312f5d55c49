import type { AnyEntity } from '../../core/entity/define';
import type { HistoryItem } from '../api/useEntityQueries';

const HIDDEN = new Set(['id', 'version', 'companyId', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'searchText', '_refs']);

/**
 * The fields a change changed, in the definition's order (the form's), not the stored row's: PostgreSQL keeps a
 * jsonb object's keys shortest first, which listed "Items, Notes, Status, Discount" before "Customer".
 */
export function changedKeys(def: AnyEntity, h: HistoryItem): string[] {
  const keys = new Set([...Object.keys(h.before ?? {}), ...Object.keys(h.after ?? {})]);
  // only the definition's fields, with their labels: other keys (a posting's source, an action's body) are the
  // server's words, not the page's language
  return Object.entries(def.fields).filter(([k, f]) => {
    if (!keys.has(k) || HIDDEN.has(k) || f.secret || f.virtual) return false;
    return JSON.stringify(h.before?.[k] ?? null) !== JSON.stringify(h.after?.[k] ?? null);
  }).map(([k]) => k);
}

