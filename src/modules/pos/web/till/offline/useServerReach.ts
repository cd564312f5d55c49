import { useEffect, useState } from 'react';

/**
 * Whether the till can reach the server: the browser online AND the server answering (GET /api/health answering 2xx, which
 * the service worker never answers from a cache; a proxy's 502 for a stopped server counts as unreachable), asked when the till opens, every `everyMs`, on the browser's
 * online/offline events, and whenever `hint` changes (the outbox's last error: a send that failed or got through).
 * `null` until the first answer. A stopped server with the network up shows as unreachable within one probe.
 */
export function useServerReach(hint: unknown, everyMs = 10_000): boolean | null {
  const [reach, setReach] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    const probe = async () => {
      if (!navigator.onLine) { if (live) setReach(false); return; }
      const ctl = new AbortController();
      const timer = setTimeout(() => ctl.abort(), 5000);
      try {
        const r = await fetch('/api/health', { cache: 'no-store', credentials: 'same-origin', signal: ctl.signal });
        if (live) setReach(r.ok);
      } catch {
        if (live) setReach(false);
      } finally {
        clearTimeout(timer);
      }
    };
    void probe();
    const tick = setInterval(() => void probe(), everyMs);
    const now = () => void probe();
    window.addEventListener('online', now);
    window.addEventListener('offline', now);
    return () => { live = false; clearInterval(tick); window.removeEventListener('online', now); window.removeEventListener('offline', now); };
  }, [hint, everyMs]);
  return reach;
}
