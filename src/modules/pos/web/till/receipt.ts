import type { Locale } from '../../../../core/i18n/locale';
import { readReceiptOptions, receiptUrl } from './receiptOptions';

/**
 * A sale's receipt: the PDF of the order's invoice (accounting's `/api/accounting/invoices/:id/pdf`) on the paper and
 * in the language this device remembers (receiptOptions.ts: 80 mm in the page's language until a shop chooses),
 * read at each print, so the till's Alt+R, past orders' Reprint and the return's receipt all follow the same choice.
 * The window is opened at once, in the key press or click (so no popup blocker stops it), then shown the PDF once it
 * has come.
 */
export function openReceipt(invoiceId: number, locale: Locale): Promise<void> {
  return openPdf(receiptUrl(invoiceId, locale, readReceiptOptions()));
}

/** A PDF of the API (a receipt, a session's print) in a new window, opened in the click that asks for it. */
export async function openPdf(path: string): Promise<void> {
  const w = window.open('', '_blank');
  try {
    const res = await fetch(path, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(String(res.status));
    const url = URL.createObjectURL(new Blob([await res.blob()], { type: 'application/pdf' }));
    if (w) w.location.href = url;
    else window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    w?.close();
    throw e;
  }
}
