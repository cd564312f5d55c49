import { type ComponentType, lazy } from 'react';

/**
 * Lazy route chunks that survive a deploy: when a chunk of an older build is gone, the dynamic import fails;
 * we reload the page (fetching the new build) at most once per 10 seconds, guarded by a sessionStorage
 * timestamp so a truly broken chunk cannot cause a reload loop. A second failure reaches the error page.
 */
const KEY = 'daftar:chunk-reload-at';
const GUARD_MS = 10_000;

function reloadOnce(): boolean {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (Date.now() - last < GUARD_MS) return false;
  sessionStorage.setItem(KEY, String(Date.now()));
  window.location.reload();
  return true;
}

export function importWithReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((err: unknown) => {
      if (reloadOnce()) return new Promise<T>(() => {});
      throw err;
    });
}

/**
 * A lazy screen whose chunk can be asked for before React renders it (`preload`): the first page starts fetching
 * its screen while the app itself and the signed-in user are still on their way (main.tsx), instead of after them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyScreen<P = any>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const once = () => (loading ??= importWithReload(load)().catch((e: unknown) => { loading = undefined; throw e; }));
  return Object.assign(lazy(once), { preload: () => void once().catch(() => {}) });
}

/** Vite reports failed CSS/JS preloads of lazy chunks with this event; treat them the same way. */
export function reloadOnPreloadError(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}
