/**
 * Every route pattern the router serves inside the shell: home, the app map's routes (virtual:app-routes) and the
 * modules' own screens (web/index.ts), which may replace a map route or add one. routes.tsx builds its tree from
 * this list and the browser guard (tests/e2e/route-guard.e2e.test.ts) walks the same list, computed from the same
 * registry and the same screens, so a screen is covered by the guard the day it is added. No imports: it is part
 * of the initial bundle.
 */
export const HOME_ROUTE = '/home';

export function shellRoutes(table: { route: string }[], screens: { route: string }[]): string[] {
  return [...new Set([...table.map((e) => e.route), ...screens.map((s) => s.route)])];
}
