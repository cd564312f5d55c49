import { useEffect, useState } from 'react';
import { api, isApiError } from '../../../../web/api/client';
import { type CartLine, type Quote, applyQuote, saleLines } from './cart';

/**
 * Asks the server what the cart costs (POST /api/pos/quote: the sale's own pricing) 250 ms after each change, and
 * keeps the answer on the lines if the cart is still the one quoted. Without an answer (offline), the cart keeps its
 * estimate and says so; a refusal (a price list not valid today, "Price List is required") is returned to show.
 */
export function useQuote(sessionId: number, priceListId: number | null, lines: CartLine[], setLines: (f: (l: CartLine[]) => CartLine[]) => void): string | null {
  const [error, setError] = useState<string | null>(null);
  const sig = JSON.stringify([priceListId, saleLines(lines)]);
  const needed = lines.length > 0 && lines.some((l) => !l.quoted);
  useEffect(() => {
    if (lines.length === 0) setError(null);
    if (!needed) return;
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      api<Quote>('/api/pos/quote', { method: 'POST', signal: ctl.signal, body: { sessionId, ...(priceListId ? { priceListId } : {}), lines: saleLines(lines) } })
        .then((q) => {
          setError(null);
          setLines((cur) => (JSON.stringify([priceListId, saleLines(cur)]) === sig ? applyQuote(cur, q) : cur));
        })
        .catch((e: unknown) => { if (isApiError(e) && e.status >= 400 && e.status < 500) setError(e.message); });
    }, 250);
    return () => { clearTimeout(timer); ctl.abort(); };
  }, [sig, sessionId, needed]); // eslint-disable-line react-hooks/exhaustive-deps
  return error;
}
