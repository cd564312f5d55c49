import type { Locale } from '../../../../core/i18n/locale';
import type { QueuedOrder, SendResult } from './queue';

/**
 * One try of a queued sale: POST /api/pos/sales with the order's own Idempotency-Key, at most `timeoutMs`.
 * What the answer means for the queue (queue.ts):
 * - 2xx: posted (a replayed key answers 201 too, with the first sale's order);
 * - 401 (signed out), 408, 429, 5xx, no answer, a timeout: "retry" with the same key: the work either did not
 *   commit (it runs once then) or did (the key answers it), never twice;
 * - any other 4xx (403 another branch, 409 session closed, 422 "Quantity Not Available", a key reused with another
 *   body): "refused", with the server's message in the caller's language (Accept-Language follows the page).
 */
export const RETRY_STATUSES = (s: number) => s === 401 || s === 408 || s === 429 || s >= 500;

export function saleSender(locale: Locale, texts: { offline: string; timeout: string; server: (s: number) => string }, timeoutMs = 20_000) {
  return async (o: QueuedOrder): Promise<SendResult> => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'retry', message: texts.offline };
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), timeoutMs);
    let res: Response;
    try {
      res = await fetch('/api/pos/sales', {
        method: 'POST', credentials: 'same-origin', signal: ctl.signal,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': locale, 'Idempotency-Key': o.key },
        body: JSON.stringify(o.body),
      });
    } catch (e) {
      return { kind: 'retry', message: e instanceof DOMException && e.name === 'AbortError' ? texts.timeout : texts.offline };
    } finally {
      clearTimeout(timer);
    }
    let json: { error?: { message?: string } } | null = null;
    try { json = await res.json(); } catch { json = null; }
    if (res.ok) return { kind: 'posted', answer: json };
    const message = json?.error?.message || texts.server(res.status);
    if (RETRY_STATUSES(res.status)) return { kind: 'retry', message };
    return { kind: 'refused', status: res.status, message };
  };
}
