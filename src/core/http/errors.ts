import { type Label, type Locale, tr } from '../i18n/locale';
import { type MessageKey, messages } from '../i18n/messages';

/**
 * The one error type business code throws. It carries a status, a stable code and a message in every locale;
 * the HTTP layer picks the caller's language. Field messages are already localised (they come from zod).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly label: Label,
    readonly fields?: Record<string, string>,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(label.en);
  }

  messageIn(locale: Locale): string {
    return tr(this.label, locale, this.vars);
  }
}

type Vars = Record<string, string | number>;
const make = (status: number, code: string) => (key: MessageKey | Label, vars: Vars = {}, fields?: Record<string, string>) =>
  new AppError(status, code, typeof key === 'string' ? messages[key] : key, fields, vars);

export const badRequest = make(400, 'bad_request');
export const unauthenticated = make(401, 'unauthenticated');
export const forbidden = make(403, 'forbidden');
export const notFound = make(404, 'not_found');
export const conflict = make(409, 'conflict');
export const unprocessable = make(422, 'validation');
export const tooMany = make(429, 'too_many_requests');

export function validationError(fields: Record<string, string>, label?: Label): AppError {
  return new AppError(422, 'validation', label ?? messages.validationFailed, fields);
}
