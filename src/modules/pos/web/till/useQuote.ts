import { useEffect, useState } from 'react';
import { api, isApiError } from '../../../../web/api/client';
import { type CartLine, type Quote, applyQuote, saleLines } from './cart';

/**
 * Asks the server what the cart costs (POST /api/pos/quote: the sale's own pricing) 250 ms after each change, and
 * keeps the answer on the lines if the cart is still the one quoted. Without an answer (offline), the cart keeps its
 * estimate and says so; a refusal (a price list not valid today, "Price List is required") is returned to show.
 * `pending`: the cart's lines are not all priced by the server and its answer is still to come (not yet asked, or
 * asked and not answered): the total shown is an estimate the sale would be refused for (its tax, a price list's
 * price), so payment waits for it (PayDialog). Once the server has answered or could not be reached, it is false.
 */
const WAIT_MS = 4000;

export function useQuote(sessionId: number, priceListId: number | null, lines: CartLine[], setLines: (f: (l: CartLine[]) => CartLine[]) => void): { error: string | null; pending: boolean } {
  const [error, setError] = useState<string | null>(null);
  const sig = JSON.stringify([priceListId, saleLines(lines)]);
  const needed = lines.length > 0 && lines.some((l) => !l.quoted);
  // the cart whose quote came back or failed: the estimate of that cart is what there is
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    if (lines.length === 0) setError(null);
    if (!needed) return;
    const ctl = new AbortController();
    // a server that does not answer (a network that hangs rather than fails) holds payment at most this long: the
    // estimate then stands, as offline (a late answer still prices the cart if it is the one asked about)
    const patience = setTimeout(() => setSettled(sig), 250 + WAIT_MS);
    const timer = setTimeout(() => {
      api<Quote>('/api/pos/quote', { method: 'POST', signal: ctl.signal, body: { sessionId, ...(priceListId ? { priceListId } : {}), lines: saleLines(lines) } })
        .then((q) => {
          setError(null);
          setLines((cur) => (JSON.stringify([priceListId, saleLines(cur)]) === sig ? applyQuote(cur, q) : cur));
          setSettled(sig);
        })
        .catch((e: unknown) => {
          if (ctl.signal.aborted) return; // the cart changed: its own quote is on its way
          if (isApiError(e) && e.status >= 400 && e.status < 500) setError(e.message);
          setSettled(sig);
        });
    }, 250);
    return () => { clearTimeout(timer); clearTimeout(patience); ctl.abort(); };
  }, [sig, sessionId, needed]); // eslint-disable-line react-hooks/exhaustive-deps
  return { error, pending: needed && settled !== sig };
}
