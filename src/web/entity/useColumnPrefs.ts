import { useLocalStorage } from '@mantine/hooks';
import type { AnyEntity } from '../../core/entity/define';

/**
 * Which columns a list shows, remembered per entity (or per list preset: `key`) in localStorage; defaults to the
 * definition's list columns.
 */
export function choosableColumns(def: AnyEntity): string[] {
  return Object.entries(def.fields)
    .filter(([, f]) => !f.secret && !f.virtual && f.kind !== 'json' && !f.widget)
    .map(([k]) => k);
}

export function useColumnPrefs(def: AnyEntity, key: string = def.name) {
  const [stored, setStored] = useLocalStorage<string[]>({
    key: `daftar:columns:${key}`,
    defaultValue: def.list.columns,
    getInitialValueInEffect: false,
  });
  const allowed = choosableColumns(def);
  const visible = stored.filter((k) => allowed.includes(k));
  return {
    visible: visible.length ? allowed.filter((k) => visible.includes(k)) : def.list.columns,
    toggle: (k: string) => setStored((cur) => (cur.includes(k) ? cur.filter((x) => x !== k) : [...cur, k])),
    reset: () => setStored(def.list.columns),
  };
}
