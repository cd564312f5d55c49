import { type Label, type Locale, fill, tr } from '../i18n/locale';
import { type MessageKey, messages } from '../i18n/messages';

/**
 * The one error type business code throws. It carries a status, a stable code and a message in every locale;
 * the HTTP layer picks the caller's language. Field messages are localised already (they come from zod) or given in
 * every locale (a Label, picked like the message).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly label: Label,
    readonly fields?: Record<string, string | Label>,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(label.en);
  }

  messageIn(locale: Locale): string {
    return tr(this.label, locale, this.vars);
  }

  fieldsIn(locale: Locale): Record<string, string> | undefined {
    if (!this.fields) return undefined;
    return Object.fromEntries(Object.entries(this.fields).map(([k, v]) => [k, typeof v === 'string' ? v : tr(v, locale, this.vars)]));
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

/**
 * A refused field or parameter named in each language: `message` (with {field} and `vars`) filled with the field's
 * label per locale, as the error's message and as its `fields` entry.
 */
export function fieldProblem(status: 400 | 422, field: string, fieldLabel: Label, message: Label, vars: Vars = {}): AppError {
  const label = { en: fill(message.en, { ...vars, field: fieldLabel.en }), ar: fill(message.ar, { ...vars, field: fieldLabel.ar }) };
  return new AppError(status, status === 400 ? 'bad_request' : 'validation', label, { [field]: label });
}

/**
 * PostgreSQL's data exceptions that mean "the request carried a value the column cannot take": invalid text
 * representation (22P02), numeric value out of range (22003), datetime field overflow (22008), invalid datetime
 * format (22007), NUL in text (22021) or in jsonb (22P05), a value too long (22001), program limit exceeded (54000).
 * Drizzle wraps the driver's error (`cause`); either may carry the code.
 */
const DATA_ERRORS = new Set(['22P02', '22003', '22008', '22007', '22021', '22P05', '22001', '54000']);
export function isDataError(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && DATA_ERRORS.has(e.code)) return true;
  }
  return false;
}
