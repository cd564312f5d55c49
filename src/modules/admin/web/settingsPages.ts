import { permissionCode } from '../../../core/entity/define';
import type { Label } from '../../../core/i18n/locale';
import { modules } from '../../registry';

/**
 * Pages the /settings hub links to: every admin screen and entity, and every route of any module under a
 * `settings` segment (e.g. /accounting/settings/settings). Same label twice keeps the /settings/... route.
 */
export interface SettingsPage { route: string; label: Label; permission?: string; key: string }

const underSettings = (r: string) => /\/settings(\/|$)/.test(r) && r !== '/settings' && !r.includes('{');

export function settingsPages(): SettingsPage[] {
  const out: SettingsPage[] = [];
  const add = (p: SettingsPage) => {
    const i = out.findIndex((o) => o.label.en === p.label.en);
    if (i < 0) out.push(p);
    else if (p.route.startsWith('/settings/') && !out[i]!.route.startsWith('/settings/')) out[i] = { ...p, permission: p.permission ?? out[i]!.permission };
  };
  for (const m of modules) {
    for (const e of m.entities) {
      if (e.route && (m.key === 'admin' || underSettings(e.route))) {
        add({ route: e.route, label: e.scope === 'tenant' ? e.label : e.pluralLabel, permission: permissionCode(e, 'view'), key: e.name });
      }
    }
    for (const s of m.screens ?? []) {
      if (underSettings(s.route) || (m.key === 'admin' && !s.hidden && s.route !== '/settings' && !s.route.includes('{'))) {
        add({ route: s.route, label: s.label, permission: s.permission, key: s.route });
      }
    }
  }
  // The company's own settings first, then those of the other modules.
  const admin = (p: SettingsPage) => (p.route.startsWith('/settings/') || p.route.startsWith('/admin/') ? 0 : 1);
  return out.sort((a, b) => admin(a) - admin(b));
}
