import { ApiError } from '../api/client';
import { i18next } from '../i18n/i18n';

/**
 * Every success and every failure of a user action is announced: green for success, red with the server's
 * message (already in the page's language) for errors. @mantine/notifications is loaded on first use (its
 * store queues until the container, also lazy, mounts), keeping it out of the initial bundle.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'network') return i18next.t('common.networkError');
    return error.message || i18next.t('common.error');
  }
  return i18next.t('common.error');
}

type ShowOptions = Parameters<typeof import('@mantine/notifications').notifications.show>[0];

/** Shows a notification; its close button is named in the page's language (the container sits outside the locale's theme). */
export function showNotification(options: ShowOptions): void {
  const close = i18next.t('common.close');
  const named = { ...options, closeButtonProps: { 'aria-label': close, title: close, ...options.closeButtonProps } };
  void import('@mantine/notifications').then((m) => m.notifications.show(named));
}

export function notifySuccess(title: string, message?: string): void {
  showNotification({ color: 'teal', title, message: message ?? '', autoClose: 4000 });
}

export function notifyError(title: string, error?: unknown): void {
  showNotification({ color: 'red', title, message: error === undefined ? '' : errorMessage(error), autoClose: 8000 });
}
