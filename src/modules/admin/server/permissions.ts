import { permissionCodesOf } from '../../../core/entity/define';
import type { Label } from '../../../core/i18n/locale';
import { modules } from '../../registry';

/** Every permission the product knows, from the entity registry: view/add/change/delete + named actions. */
const OPS: Record<string, Label> = {
  view: { en: 'View', ar: 'عرض' }, add: { en: 'Add', ar: 'إضافة' },
  change: { en: 'Change', ar: 'تعديل' }, delete: { en: 'Delete', ar: 'حذف' },
};

export function allPermissionCodes(): string[] {
  return modules.flatMap((m) => m.entities.flatMap(permissionCodesOf));
}

export function permissionCatalog() {
  return modules.map((m) => ({
    module: m.key,
    label: m.label,
    entities: m.entities.map((e) => ({
      entity: e.name,
      label: e.pluralLabel,
      permissions: permissionCodesOf(e).map((code) => {
        const op = code.split('.').pop()!;
        const label = OPS[op] ?? e.actions?.[op] ?? Object.entries(e.states?.transitions ?? {}).find(([n, t]) => (t.permission ?? n) === op)?.[1].label ?? { en: op, ar: op };
        return { code, op, label };
      }),
    })),
  }));
}
