import { AppError } from '../../../core/http/errors';
import { type Label, type Locale, tr } from '../../../core/i18n/locale';

/** A 422 (or 409) whose message also sits on the field it is about, so forms show it in place. */
export function salesError(label: Label, locale: Locale, field = '_', vars: Record<string, string | number> = {}, status = 422): AppError {
  return new AppError(status, status === 409 ? 'conflict' : 'validation', label, { [field]: tr(label, locale, vars) }, vars);
}
