import type { Locale } from '../../../../core/i18n/locale';

/**
 * A sale's receipt: the PDF of the order's invoice (accounting's `/api/accounting/invoices/:id/pdf`, in the page's
 * language, `layout=receipt` for the 80 mm till layout; a server without it prints its A4 layout). The window is
 * opened at once, in the key press or click (so no popup blocker stops it), then shown the PDF once it has come.
 */
export function receiptUrl(invoiceId: number, locale: Locale): string {
  return `/api/accounting/invoices/${invoiceId}/pdf?lang=${locale}&layout=receipt`;
}

export function openReceipt(invoiceId: number, locale: Locale): Promise<void> {
  return openPdf(receiptUrl(invoiceId, locale));
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
