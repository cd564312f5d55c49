import { type AnyEntity, permissionCodesOf } from '../../../core/entity/define';
import type { Label } from '../../../core/i18n/locale';
import { modules } from '../../registry';

/**
 * The permission catalogue shown by the groups form: module > entity > operations. Labels come from the
 * registry (both languages); every code GET /api/admin/permissions lists is included, so codes the server knows
 * and this build does not still appear (with the server's label when it sends one).
 */
export interface PermOp { code: string; op: string; label: Label | null }
export interface PermEntity { key: string; label: Label; ops: PermOp[] }
export interface PermModule { key: string; label: Label; entities: PermEntity[] }

const CODE_RE = /^[A-Za-z][\w-]*\.[A-Za-z][\w-]*\.[A-Za-z][\w-]*$/;
const BASE_OPS = ['view', 'add', 'change', 'delete'];

function opLabel(def: AnyEntity, op: string): Label | null {
  if (BASE_OPS.includes(op)) return null;
  if (def.actions?.[op]) return def.actions[op];
  for (const [name, t] of Object.entries(def.states?.transitions ?? {})) if ((t.permission ?? name) === op) return t.label;
  return { en: op, ar: op };
}

function asLabel(v: unknown): Label | undefined {
  if (typeof v === 'string') return { en: v, ar: v };
  if (v && typeof v === 'object' && 'en' in v && 'ar' in v) return v as Label;
  return undefined;
}

/** Every permission code in the server's answer, with its label when one sits beside it. */
function serverCodes(json: unknown, out = new Map<string, Label | undefined>()): Map<string, Label | undefined> {
  if (typeof json === 'string') {
    if (CODE_RE.test(json) && !out.has(json)) out.set(json, undefined);
  } else if (Array.isArray(json)) {
    for (const x of json) serverCodes(x, out);
  } else if (json && typeof json === 'object') {
    const o = json as Record<string, unknown>;
    if (typeof o.code === 'string' && CODE_RE.test(o.code)) out.set(o.code, asLabel(o.label));
    for (const v of Object.values(o)) if (typeof v === 'object' || Array.isArray(v)) serverCodes(v, out);
  }
  return out;
}

export function buildCatalog(serverAnswer: unknown): PermModule[] {
  const catalog: PermModule[] = modules.map((m) => ({
    key: m.key,
    label: m.label,
    entities: m.entities.map((e) => ({
      key: `${m.key}.${e.name}`,
      label: e.pluralLabel,
      ops: permissionCodesOf(e).map((code) => {
        const op = code.split('.')[2]!;
        return { code, op, label: opLabel(e, op) };
      }),
    })),
  }));
  const known = new Set(catalog.flatMap((m) => m.entities.flatMap((e) => e.ops.map((o) => o.code))));
  for (const [code, label] of serverCodes(serverAnswer)) {
    if (known.has(code)) continue;
    const [mod, ent, op] = code.split('.') as [string, string, string];
    let m = catalog.find((x) => x.key === mod);
    if (!m) catalog.push((m = { key: mod, label: { en: mod, ar: mod }, entities: [] }));
    let e = m.entities.find((x) => x.key === `${mod}.${ent}`);
    if (!e) m.entities.push((e = { key: `${mod}.${ent}`, label: { en: ent, ar: ent }, ops: [] }));
    e.ops.push({ code, op, label: BASE_OPS.includes(op) ? null : (label ?? { en: op, ar: op }) });
  }
  return catalog.filter((m) => m.entities.length > 0);
}
