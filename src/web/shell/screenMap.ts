import appMap from 'virtual:app-map';
import type { AppEntry, AppModule } from '../appMap';
import { type Me, can } from '../api/useAuth';

/**
 * Menus over the build-time app map (see appMap.ts). Imported only by lazily loaded components (sidebar,
 * home, command palette), so module labels never weigh on the initial bundle. Menu order per module: its hub screen
 * (a one-segment route such as /settings), then entity lists, then its other visible screens. An entry needs
 * its permission; superusers see everything.
 */
export interface MenuGroup {
  module: AppModule;
  entries: AppEntry[];
}

const isHub = (route: string) => route.split('/').filter(Boolean).length === 1;
const rank = (e: AppEntry) => (isHub(e.route) ? 0 : e.kind === 'list' ? 1 : 2);

export const appModules: AppModule[] = [...appMap.modules].sort((a, b) => a.order - b.order);

export const menu: MenuGroup[] = appModules.map((m) => ({
  module: m,
  entries: m.entries.filter((e) => !e.hidden).sort((a, b) => rank(a) - rank(b)),
}));

export function visibleMenu(me: Me | undefined): MenuGroup[] {
  return menu
    .map((g) => ({ module: g.module, entries: g.entries.filter((e) => can(me, e.permission)) }))
    .filter((g) => g.entries.length > 0);
}

/** Where a module's home card leads: its hub when it has one, else its first screen. */
export function moduleLanding(g: MenuGroup): AppEntry {
  return g.entries.find((e) => isHub(e.route)) ?? g.entries[0]!;
}
