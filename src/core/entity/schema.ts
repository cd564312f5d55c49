import { z } from 'zod';
import { messages } from '../i18n/messages';
import { type Label, type Locale, tr } from '../i18n/locale';
import type { AnyEntity } from './define';
import { DATE_MAX, DATE_MIN, MAX_INT, dateProblem, dateTimeProblem, hasNul, integerDigits, jsonHasNul } from './bounds';
import type { DecimalField, Field } from './field';
import { canonicalTimeZone } from '../time/company-time';

/**
 * Derives the zod schema of an entity for one locale. The server validates every body with it and the web
 * forms validate with the very same schema, so a message reads the same on both sides.
 * Unknown keys are stripped; readOnly and secret fields are not accepted from clients. Every kind refuses what
 * its column cannot hold (bounds.ts): NUL in text or json, an impossible or out-of-range date, an id or integer past
 * PostgreSQL's integer, a number with more integer digits than its kind allows.
 */
const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

function msg(field: Field, key: keyof typeof messages, locale: Locale, vars: Record<string, string | number> = {}): string {
  const override = key === 'required' ? field.messages?.required : key === 'mustBePositive' ? field.messages?.positive : undefined;
  if (override) return tr(override, locale);
  return tr(messages[key], locale, { field: tr(field.label, locale), ...vars });
}

function emptyToNull(v: unknown): unknown {
  return v === '' || v === undefined ? null : v;
}

/** Integer digits a decimal field accepts: its kind's bound (money 12, quantity 9) within the column's own. */
const maxDigits = (f: DecimalField) => Math.min(f.digits ?? Infinity, f.precision - f.scale);
/** The largest value of a decimal field, written out ("999999999999.9999"). */
export const maxOf = (f: DecimalField) => '9'.repeat(maxDigits(f)) + (f.scale ? '.' + '9'.repeat(f.scale) : '');

export function fieldSchema(field: Field, locale: Locale): z.ZodType {
  const required = msg(field, 'required', locale);
  let s: z.ZodType;
  switch (field.kind) {
    case 'text': case 'textarea': case 'phone': case 'url': case 'email': {
      let t = z.string({ error: required }).trim();
      if (field.required) t = t.min(1, { error: required });
      if (field.min) t = t.min(field.min, { error: msg(field, 'tooShort', locale, { min: field.min }) });
      if (field.max) t = t.max(field.max, { error: msg(field, 'tooLong', locale, { max: field.max }) });
      t = t.refine((v) => !hasNul(v), { error: msg(field, 'badCharacter', locale) }) as never;
      if (field.kind === 'email') t = t.refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: msg(field, 'invalidEmail', locale) }) as never;
      s = field.format === 'timeZone'
        ? t.refine((v) => v === '' || canonicalTimeZone(v) !== null, { error: msg(field, 'invalidTimeZone', locale) }).transform((v) => (v === '' ? v : canonicalTimeZone(v)!))
        : t;
      break;
    }
    case 'decimal': {
      const invalid = field.messages?.invalid ? tr(field.messages.invalid, locale) : msg(field, 'invalidNumber', locale);
      s = z
        .union([z.string(), z.number()], { error: invalid })
        .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
        .refine((v) => v === '' || DECIMAL_RE.test(v), { error: invalid })
        .refine((v) => v === '' || (v.split('.')[1]?.length ?? 0) <= field.scale, {
          error: msg(field, 'tooManyDecimals', locale, { scale: field.scale }),
        })
        .refine((v) => v === '' || !DECIMAL_RE.test(v) || integerDigits(v) <= maxDigits(field), {
          error: msg(field, 'numberTooLarge', locale, { max: maxOf(field) }),
        })
        .refine((v) => v === '' || field.min !== 'positive' || (!v.startsWith('-') && /[1-9]/.test(v)), {
          error: msg(field, 'mustBePositive', locale),
        })
        .refine((v) => v === '' || field.min !== 'nonNegative' || !v.startsWith('-') || !/[1-9]/.test(v), {
          error: msg(field, 'notNegative', locale),
        })
        .transform((v) => (v === '' ? null : v));
      // A missing required number reads "X is required" (like an empty one), not "not a number".
      if (field.required) s = z.preprocess((v) => v ?? '', s.refine((v) => v !== null, { error: required }));
      break;
    }
    case 'integer': {
      let n = z.coerce.number({ error: msg(field, 'invalidNumber', locale) }).int({ error: msg(field, 'invalidNumber', locale) })
        .min(-MAX_INT - 1, { error: msg(field, 'numberTooLarge', locale, { max: MAX_INT }) })
        .max(MAX_INT, { error: msg(field, 'numberTooLarge', locale, { max: MAX_INT }) });
      if (field.minValue !== undefined) n = n.min(field.minValue, { error: msg(field, 'invalid', locale) });
      if (field.maxValue !== undefined) n = n.max(field.maxValue, { error: msg(field, 'invalid', locale) });
      s = n;
      break;
    }
    case 'boolean':
      s = z.boolean({ error: msg(field, 'invalid', locale) });
      break;
    case 'date': case 'datetime': {
      const problem = field.kind === 'date' ? dateProblem : dateTimeProblem;
      s = z.string({ error: required }).superRefine((v, c) => {
        const p = problem(v);
        if (p) c.addIssue({ code: 'custom', message: msg(field, p, locale, { min: DATE_MIN, max: DATE_MAX }) });
      }).meta({ format: field.kind === 'date' ? 'date' : 'date-time', description: `${DATE_MIN}..${DATE_MAX}` });
      break;
    }
    case 'enum': {
      const values = field.options.map((o) => o.value) as [string, ...string[]];
      s = z.enum(values, { error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? required : msg(field, 'invalidChoice', locale)) });
      break;
    }
    case 'ref':
      s = z.coerce.number({ error: required }).int({ error: msg(field, 'invalid', locale) }).positive({ error: required })
        .max(MAX_INT, { error: msg(field, 'refNotFound', locale) });
      break;
    case 'refs':
      s = z.array(z.coerce.number().int().positive().max(MAX_INT, { error: msg(field, 'refNotFound', locale) }), { error: msg(field, 'invalid', locale) }).max(1000);
      break;
    case 'file':
      s = z.string().max(100).regex(/^[A-Za-z0-9_-]+\.[a-z0-9]+$/, { error: msg(field, 'invalid', locale) });
      break;
    case 'json':
      s = z.unknown().refine((v) => !jsonHasNul(v), { error: msg(field, 'badCharacter', locale) });
      break;
  }
  if (field.kind === 'decimal') return field.required ? s : z.preprocess(emptyToNull, s.nullable());
  if (field.required) return z.preprocess((v) => (v === null ? undefined : v), s);
  if (field.kind === 'boolean' || field.kind === 'refs') return s.optional();
  return z.preprocess(emptyToNull, s.nullable()).optional();
}

const cache = new Map<string, z.ZodObject>();

/**
 * The body schema. 'create' requires required fields; 'update' accepts any subset (a PATCH).
 * Server-set fields (readOnly, secret) and the state field are never part of it.
 */
export function entitySchema(def: AnyEntity, locale: Locale, mode: 'create' | 'update'): z.ZodObject {
  const key = `${def.name}:${locale}:${mode}`;
  let s = cache.get(key);
  if (!s) {
    const shape: Record<string, z.ZodType> = {};
    for (const [k, field] of Object.entries(def.fields)) {
      if (field.readOnly || field.secret || k === def.states?.field) continue;
      const fs = fieldSchema(field, locale);
      shape[k] = mode === 'update' ? fs.optional() : fs;
    }
    s = z.object(shape);
    cache.set(key, s);
  }
  return s;
}

/** zod issues -> { field: message }, first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const k = String(issue.path[0] ?? '_');
    if (!(k in out)) out[k] = issue.message;
  }
  return out;
}

export function labelOf(def: AnyEntity, key: string): Label {
  return def.fields[key]?.label ?? { en: key, ar: key };
}
