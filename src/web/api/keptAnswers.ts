/**
 * Answers a module's service worker keeps for offline use (the till's: pos/web/till/offline) live in CacheStorage
 * caches named `daftar-<module>-data`. They hold the signed-in user's data, so they are dropped at every sign-in
 * and sign-out: the next user of a shared till never sees them.
 */
export const KEPT_ANSWERS = /^daftar-[a-z]+-data$/;

export async function dropKeptAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    for (const name of await caches.keys()) if (KEPT_ANSWERS.test(name)) await caches.delete(name);
  } catch { /* storage unavailable: nothing kept */ }
}
