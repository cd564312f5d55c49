import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/client';
import { i18next } from '../i18n/i18n';

/**
 * Every success and every failure of a user action is announced: green for success, red with the server's
 * message (already in the page's language) for errors.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'network') return i18next.t('common.networkError');
    return error.message || i18next.t('common.error');
  }
  return i18next.t('common.error');
}

export function notifySuccess(title: string, message?: string): void {
  notifications.show({ color: 'teal', title, message: message ?? '', autoClose: 4000 });
}

export function notifyError(title: string, error?: unknown): void {
  notifications.show({ color: 'red', title, message: error === undefined ? '' : errorMessage(error), autoClose: 8000 });
}
