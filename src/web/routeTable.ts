import appRoutes from 'virtual:app-routes';
import type { AppRoute } from './appMap';

/** Route lookups over the label-free route list of the app map (see appMap.ts); part of the initial bundle. */
export const routeTable: AppRoute[] = appRoutes;

/** Permission needed to open a registry route. */
export function routePermission(route: string): string | undefined {
  return routeTable.find((e) => e.route === route)?.permission;
}

/** Route pattern (with {id}) of an entity's record page. */
export function detailRouteOf(entity: string): string | undefined {
  return routeTable.find((e) => e.kind === 'detail' && e.entity === entity)?.route;
}

/** Route of an entity's list. */
export function listRouteOf(entity: string): string | undefined {
  return routeTable.find((e) => e.kind === 'list' && e.entity === entity)?.route;
}
