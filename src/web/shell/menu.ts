import { type AnyEntity, permissionCode } from '../../core/entity/define';
import type { ModuleDef } from '../../core/entity/module';
import type { Label } from '../../core/i18n/locale';
import { modules } from '../../modules/registry';
import { type Me, can } from '../api/useAuth';

/**
 * The menu, derived from the registry: per module, its hub screen (a one-segment route such as /settings),
 * then the screens of entities that have a `route`, then the module's other screens that are not hidden.
 * An entry needs its permission (`<module>.<entity>.view` for entity screens); superusers see everything.
 */
export interface MenuEntry {
  route: string;
  label: Label;
  permission?: string;
  entity?: AnyEntity;
}

export interface MenuGroup {
  module: ModuleDef;
  entries: MenuEntry[];
}

const isHub = (route: string) => route.split('/').filter(Boolean).length === 1;

function entriesOf(m: ModuleDef): MenuEntry[] {
  const screens = (m.screens ?? []).filter((s) => !s.hidden);
  const entityEntries: MenuEntry[] = m.entities
    .filter((e) => e.route)
    .map((e) => ({
      route: e.route!,
      label: e.scope === 'tenant' ? e.label : e.pluralLabel,
      permission: permissionCode(e, 'view'),
      entity: e,
    }));
  const screenEntries = (hub: boolean): MenuEntry[] =>
    screens.filter((s) => isHub(s.route) === hub).map((s) => ({ route: s.route, label: s.label, permission: s.permission }));
  return [...screenEntries(true), ...entityEntries, ...screenEntries(false)];
}

export const menu: MenuGroup[] = modules.map((m) => ({ module: m, entries: entriesOf(m) }));

export function visibleMenu(me: Me | undefined): MenuGroup[] {
  return menu
    .map((g) => ({ module: g.module, entries: g.entries.filter((e) => can(me, e.permission)) }))
    .filter((g) => g.entries.length > 0);
}

/** Where a module's home card leads: its hub when it has one, else its first screen. */
export function moduleLanding(g: MenuGroup): MenuEntry {
  return g.entries.find((e) => isHub(e.route)) ?? g.entries[0]!;
}

/** Permission needed to open a registry route (entity view permission, or the screen's own). */
export function routePermission(route: string): string | undefined {
  for (const m of modules) {
    const e = m.entities.find((x) => x.route === route);
    if (e) return permissionCode(e, 'view');
    const s = m.screens?.find((x) => x.route === route);
    if (s) return s.permission;
  }
  return undefined;
}
