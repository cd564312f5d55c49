import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { i18next } from './i18n/i18n';

/**
 * Every 60 s, fetch builds/latest.json?<timestamp> (the timestamp defeats caches). When its version differs
 * from the build this page runs, show one lasting notification that offers a reload. Skipped in dev.
 */
declare const __BUILD_ID__: string;
export const BUILD_ID: string = __BUILD_ID__;
const INTERVAL_MS = 60_000;
const NOTIFICATION_ID = 'new-build';

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

/** The default presentation: a lasting notification with a reload button. */
export function notifyNewBuild(onReload: () => void): void {
  notifications.show({
    id: NOTIFICATION_ID,
    title: i18next.t('shell.newBuild'),
    message: createElement('div', null, i18next.t('shell.newBuildText'), ' ',
      createElement(Button, { size: 'compact-xs', variant: 'light', onClick: onReload, mt: 6, display: 'block' }, i18next.t('common.reload'))),
    autoClose: false,
    withCloseButton: true,
  });
}
