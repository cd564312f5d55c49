import { useHotkeys } from '@mantine/hooks';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * Keyboard shortcuts of the screen on show, for the "?" overlay (ShortcutsOverlay) to list in the page's language.
 * A screen calls `useScreenShortcuts([{ keys: 'n', label: t('...'), run }])`: the keys work while it is mounted
 * (not while typing in a field: Mantine's useHotkeys ignores inputs) and the overlay lists them with the shortcuts
 * that work everywhere (useGlobalKeys). Every mounted part of the screen may register its own (a list, the form of
 * its open drawer, a report's filters and downloads): the overlay lists them all, in the order they mounted, the
 * last registration of a key winning. A shortcut without `run` is listed only: its key is handled elsewhere (Ctrl+S
 * by useGlobalKeys, Enter by the form, Escape by the dialog), and the overlay says what it does on this screen.
 */
export interface Shortcut {
  /** Mantine useHotkeys notation: 'n', '/', 'mod+s'. */
  keys: string;
  label: string;
  run?: () => void;
  /** Also while typing in a field (a till's function keys while its search field has the focus). */
  inFields?: boolean;
  /** Match the key's place on the keyboard, not its letter, so Alt+Q works with an Arabic layout too. */
  physical?: boolean;
}

const registered: Shortcut[][] = [];
let current: Shortcut[] = [];
function publish(): void {
  const byKeys = new Map<string, Shortcut>();
  for (const s of registered.flat()) {
    byKeys.delete(s.keys);
    byKeys.set(s.keys, s);
  }
  current = [...byKeys.values()];
  listeners.forEach((l) => l());
}
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useScreenShortcuts(list: Shortcut[]): void {
  const handlers = (inFields: boolean) => list.flatMap((s) => (s.run && Boolean(s.inFields) === inFields
    ? [[s.keys, (e: KeyboardEvent) => { e.preventDefault(); s.run!(); }, { usePhysicalKeys: Boolean(s.physical) }] as [string, (e: KeyboardEvent) => void, { usePhysicalKeys: boolean }]] : []));
  useHotkeys(handlers(false));
  useHotkeys(handlers(true), []);
  const signature = list.map((s) => `${s.keys}=${s.label}`).join('|');
  useEffect(() => {
    registered.push(list);
    publish();
    return () => {
      const i = registered.indexOf(list);
      if (i >= 0) registered.splice(i, 1);
      publish();
    };
  }, [signature]); // eslint-disable-line react-hooks/exhaustive-deps
}

export function useCurrentShortcuts(): Shortcut[] {
  return useSyncExternalStore(subscribe, () => current);
}

/** How a key combination is shown: mod is Ctrl (⌘ on a Mac), one key per <kbd>. */
export function keyLabels(keys: string): string[] {
  const mac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);
  const names: Record<string, string> = { shift: 'Shift', alt: mac ? '⌥' : 'Alt', Escape: 'Esc', equal: '=', minus: '-', ArrowUp: '↑', ArrowDown: '↓', Delete: 'Del' };
  return keys.split('+').map((k) => (k === 'mod' ? (mac ? '⌘' : 'Ctrl') : names[k] ?? (k.length === 1 ? k.toUpperCase() : k)));
}
