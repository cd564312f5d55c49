import { useEffect, useState } from 'react';
import { isApiError } from '../../../../web/api/client';
import { type ReturnLineBody, type ReturnQuote, quoteReturn } from './returnApi';

/**
 * The return priced by the server (POST /api/pos/returns/quote: the credit note's own figures) 250 ms after the
 * lines change, as the till's cart is (useQuote). The figure shown is always the server's; while none has come for
 * the current lines, `quote` is null. A refusal (more than is left, a bad quantity) is returned to show.
 */
export function useReturnQuote(orderId: number | null, lines: ReturnLineBody[]): { quote: ReturnQuote | null; error: string | null } {
  const [state, setState] = useState<{ sig: string; quote: ReturnQuote | null; error: string | null }>({ sig: '', quote: null, error: null });
  const sig = JSON.stringify([orderId, lines]);
  useEffect(() => {
    if (!orderId || lines.length === 0) return;
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      quoteReturn(orderId, lines, ctl.signal)
        .then((quote) => setState({ sig, quote, error: null }))
        .catch((e: unknown) => { if (isApiError(e) && e.status >= 400 && e.status < 500) setState({ sig, quote: null, error: e.message }); });
    }, 250);
    return () => { clearTimeout(timer); ctl.abort(); };
  }, [sig]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!orderId || lines.length === 0 || state.sig !== sig) return { quote: null, error: null };
  return { quote: state.quote, error: state.error };
}
