import { permissionCode } from '../core/entity/define';
import type { ModuleDef } from '../core/entity/module';
import type { Label } from '../core/i18n/locale';

/**
 * What the shell must know about the registry before any screen loads: modules, their screens, routes and
 * permissions, and nothing else. vite.config.ts evaluates `summarize(modules)` at build time and serves it as
 * `virtual:app-map`, so the ~80 entity definitions (fields, rules, zod) stay out of the initial bundle and are
 * loaded with the screens that use them. The router gets the label-free `virtual:app-routes`; menus, home and
 * the command palette load the labelled map lazily (they wait for /api/auth/me anyway).
 * - list: the generic list of an entity with a `route`;
 * - detail: its record page; a hidden module screen with `{id}` and the entity's view permission takes that
 *   role (e.g. /accounting/accounts/invoicedetails/{id}), else `<route>/{id}`;
 * - screen: any other module screen.
 * A hidden entry names in `under` the menu entry it belongs to, so the menu marks that one while it is open: the
 * visible screen or list whose route its own route extends (a report of /sales/reports), else, for an entity's
 * record page or a screen needing one of its permissions (a "new" page), the entity's list, else the module's hub
 * its route extends (a profile page of /settings).
 */
export interface AppEntry {
  kind: 'list' | 'detail' | 'screen';
  route: string;
  label: Label;
  permission?: string;
  hidden?: boolean;
  entity?: string;
  under?: string;
}

export interface AppModule {
  key: string;
  label: Label;
  icon: string;
  order: number;
  card: boolean;
  entries: AppEntry[];
}

export interface AppMap {
  modules: AppModule[];
}

/** The part of an entry the router needs (served as `virtual:app-routes`; no labels, so it stays tiny). */
export type AppRoute = Omit<AppEntry, 'label' | 'hidden' | 'under'>;

export function routesOf(map: AppMap): AppRoute[] {
  return map.modules.flatMap((m) => m.entries.map(({ label: _l, hidden: _h, under: _u, ...r }) => r));
}

export function summarize(modules: ModuleDef[]): AppMap {
  return {
    modules: modules.map((m) => {
      const entries: AppEntry[] = [];
      const detailScreens = new Set<string>();
      for (const e of m.entities) {
        if (!e.route) continue;
        const view = permissionCode(e, 'view');
        entries.push({ kind: 'list', route: e.route, label: e.scope === 'tenant' ? e.label : e.pluralLabel, permission: view, entity: e.name });
        if (e.scope === 'tenant') continue;
        const screen = m.screens?.find((s) => s.route.endsWith('{id}') && s.permission === view);
        if (screen) detailScreens.add(screen.route);
        entries.push({ kind: 'detail', route: screen?.route ?? `${e.route}/{id}`, label: e.label, permission: view, hidden: true, entity: e.name, under: e.route });
      }
      const listOf = (permission?: string) =>
        m.entities.find((e) => e.route && permission?.startsWith(permissionCode(e, 'view').replace(/view$/, '')))?.route;
      const shown = [...m.entities.flatMap((e) => (e.route ? [e.route] : [])), ...(m.screens ?? []).filter((s) => !s.hidden).map((s) => s.route)];
      // the longest visible route the screen's extends; a module's hub (one segment, /settings) only as the last resort
      const parentOf = (route: string, hub: boolean) => shown
        .filter((r) => route.startsWith(`${r}/`) && (hub || r.split('/').length > 2)).sort((a, b) => b.length - a.length)[0];
      for (const s of m.screens ?? []) {
        if (detailScreens.has(s.route)) continue;
        const under = s.hidden ? parentOf(s.route, false) ?? listOf(s.permission) ?? parentOf(s.route, true) : undefined;
        entries.push({ kind: 'screen', route: s.route, label: s.label, permission: s.permission, hidden: s.hidden, ...(under && { under }) });
      }
      return { key: m.key, label: m.label, icon: m.icon, order: m.order, card: Boolean(m.card), entries };
    }),
  };
}
