import { detailRouteOf } from '../../../web/routeTable';

/**
 * Where a stock move or entry's source lives: the record page of the document that made it (`sourceType` is the
 * document's entity name, e.g. 'receipt' or 'stockAdjustment'; snake or kebab case is accepted too), and the
 * journal entry page.
 */
const camel = (s: string) => s.replace(/[-_](\w)/g, (_, c: string) => c.toUpperCase());

export function sourceHref(sourceType: unknown, sourceId: unknown): string | undefined {
  if (typeof sourceType !== 'string' || !sourceType || sourceId === null || sourceId === undefined) return undefined;
  const route = detailRouteOf(sourceType) ?? detailRouteOf(camel(sourceType));
  return route?.replace('{id}', String(sourceId));
}

export function entryHref(entryId: unknown): string | undefined {
  if (entryId === null || entryId === undefined || entryId === '') return undefined;
  return (detailRouteOf('journalEntry') ?? '/accounting/journals/journals-entrydetails/{id}').replace('{id}', String(entryId));
}
