/**
 * Every 60 s, fetch builds/latest.json?<timestamp> (the timestamp defeats caches). When its version differs
 * from the build this page runs, call `showReload` once (see shell/NewBuildNotice). Skipped in dev.
 */
declare const __BUILD_ID__: string;
export const BUILD_ID: string = __BUILD_ID__;
const INTERVAL_MS = 60_000;

async function check(): Promise<boolean> {
  try {
    const res = await fetch(`/builds/latest.json?${Date.now()}`, { cache: 'no-store', credentials: 'same-origin' });
    if (!res.ok) return false;
    const { version } = (await res.json()) as { version?: string };
    return typeof version === 'string' && version !== BUILD_ID;
  } catch {
    return false;
  }
}

export function startBuildWatcher(showReload: (onReload: () => void) => void): void {
  if (import.meta.env.DEV) return;
  let shown = false;
  window.setInterval(async () => {
    if (shown || document.visibilityState === 'hidden') return;
    if (await check()) {
      shown = true;
      showReload(() => window.location.reload());
    }
  }, INTERVAL_MS);
}
