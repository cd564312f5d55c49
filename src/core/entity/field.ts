import type { Label } from '../i18n/locale';
import { MONEY_DIGITS, QUANTITY_DIGITS } from './bounds';

/**
 * Field kinds an entity definition can use. Each kind decides its SQL column, its zod rule, its form input
 * and how lists show and filter it. Nothing here knows any particular entity.
 */
export type FieldKind =
  | 'text' | 'textarea' | 'email' | 'phone' | 'url'
  | 'decimal' | 'integer' | 'boolean' | 'date' | 'datetime'
  | 'enum' | 'ref' | 'refs' | 'file' | 'json';

export interface EnumOption { value: string; label: Label }

/** Every kind refuses what its column cannot hold (NUL in text, impossible dates, ids past 2^31-1): bounds.ts. */
interface BaseField {
  kind: FieldKind;
  label: Label;
  required?: boolean;
  /** Spec messages that replace the defaults, e.g. { required: { en: 'UOM is required', ar: ... } }. */
  messages?: Partial<Record<'required' | 'invalid' | 'positive', Label>>;
  /** Part of the folded search text of the row. */
  search?: boolean;
  /** Unique within the company, or across all companies ('global', e.g. usernames). */
  unique?: boolean | 'global';
  /** Offered as a list filter. */
  filter?: boolean;
  /** Allowed in `sort`. */
  sort?: boolean;
  /** Set by the server only; ignored in request bodies. */
  readOnly?: boolean;
  /** Never sent to clients (e.g. password hashes). */
  secret?: boolean;
  /** Accepted in bodies but not a column: a hook turns it into something else (e.g. a password into its hash). */
  virtual?: boolean;
  help?: Label;
  /** Named form widget for fields the generic inputs cannot edit (e.g. 'permissions'). */
  widget?: string;
}

export interface TextField extends BaseField {
  kind: 'text' | 'textarea' | 'email' | 'phone' | 'url'; max?: number; min?: number; default?: string;
  /**
   * 'timeZone': an IANA time zone name Intl knows, stored in its canonical spelling (core/time/company-time.ts).
   * 'entityName': the name of an entity (a posting's source document type), shown as that entity's label.
   */
  format?: 'timeZone' | 'entityName';
}
/**
 * A NUMERIC(precision, scale) column. `digits` caps the integer digits accepted from clients below what the column
 * holds, so that what documents compute from the value cannot overflow (see core/entity/bounds.ts):
 * - `f.money`: NUMERIC(20,4), at most 12 integer digits (|amount| <= 999,999,999,999.9999); a line's value
 *   (quantity x price) is held to the same bound, so 1,000 lines and their taxes total well under 10^16;
 * - `f.quantity`: NUMERIC(20,6), at most 9 integer digits (|quantity| <= 999,999,999.999999), so quantities
 *   converted between units and summed over a document's lines stay under 10^14;
 * - `f.decimal` (rates, factors): the column's own precision - scale.
 */
export interface DecimalField extends BaseField { kind: 'decimal'; precision: number; scale: number; digits?: number; min?: 'positive' | 'nonNegative'; default?: string }
/** A PostgreSQL `integer`: -2147483648..2147483647 unless minValue / maxValue narrow it. */
export interface IntegerField extends BaseField { kind: 'integer'; minValue?: number; maxValue?: number; default?: number }
export interface BooleanField extends BaseField { kind: 'boolean'; default?: boolean }
/** A calendar day (or timestamp) in the years DATE_MIN_YEAR..DATE_MAX_YEAR (core/entity/bounds.ts, 1900..2200). */
export interface DateField extends BaseField { kind: 'date' | 'datetime' }
export interface EnumField extends BaseField { kind: 'enum'; options: EnumOption[]; default?: string }
export interface RefField extends BaseField {
  kind: 'ref'; target: string; onDelete?: 'restrict' | 'set null' | 'cascade';
  /**
   * List filters of the target a record must match to be set here (e.g. `{ type: 'expense', isLeaf: 'true' }`: only
   * expense accounts that take postings), keys the target allows as filters (define.test.ts checks them). The form's
   * picker offers only those; the generic reference check (crud.references.ts) refuses any other record on the field
   * with `filtersMessage` ({field}: the field's label; default messages.refNotAllowed). Checked when the reference is
   * set, not when the record changes afterwards.
   */
  filters?: Record<string, string>;
  filtersMessage?: Label;
}
export interface RefsField extends BaseField { kind: 'refs'; target: string }
export interface FileField extends BaseField { kind: 'file'; accept: 'image' }
export interface JsonField extends BaseField { kind: 'json' }

export type Field =
  | TextField | DecimalField | IntegerField | BooleanField | DateField
  | EnumField | RefField | RefsField | FileField | JsonField;

export type Opts<F> = Omit<F, 'kind' | 'label'>;

/** Field builders: `f.text({ en: 'Name', ar: 'الاسم' }, { required: true, search: true })`. */
export const f = {
  text: (label: Label, o: Opts<TextField> = {}): TextField => ({ kind: 'text', label, max: 200, ...o }),
  textarea: (label: Label, o: Opts<TextField> = {}): TextField => ({ kind: 'textarea', label, max: 4000, ...o }),
  email: (label: Label, o: Opts<TextField> = {}): TextField => ({ kind: 'email', label, max: 254, ...o }),
  phone: (label: Label, o: Opts<TextField> = {}): TextField => ({ kind: 'phone', label, max: 40, ...o }),
  url: (label: Label, o: Opts<TextField> = {}): TextField => ({ kind: 'url', label, max: 500, ...o }),
  timeZone: (label: Label, o: Opts<TextField> = {}): TextField => ({ kind: 'text', label, max: 64, format: 'timeZone', ...o }),
  money: (label: Label, o: Partial<Opts<DecimalField>> = {}): DecimalField =>
    ({ kind: 'decimal', label, precision: 20, scale: 4, digits: MONEY_DIGITS, ...o }),
  quantity: (label: Label, o: Partial<Opts<DecimalField>> = {}): DecimalField =>
    ({ kind: 'decimal', label, precision: 20, scale: 6, digits: QUANTITY_DIGITS, ...o }),
  decimal: (label: Label, o: Opts<DecimalField>): DecimalField => ({ kind: 'decimal', label, ...o }),
  integer: (label: Label, o: Opts<IntegerField> = {}): IntegerField => ({ kind: 'integer', label, ...o }),
  boolean: (label: Label, o: Opts<BooleanField> = {}): BooleanField => ({ kind: 'boolean', label, default: false, ...o }),
  date: (label: Label, o: Opts<DateField> = {}): DateField => ({ kind: 'date', label, ...o }),
  datetime: (label: Label, o: Opts<DateField> = {}): DateField => ({ kind: 'datetime', label, ...o }),
  enum: (label: Label, options: EnumOption[], o: Opts<Omit<EnumField, 'options'>> = {}): EnumField =>
    ({ kind: 'enum', label, options, ...o }),
  ref: (label: Label, target: string, o: Opts<Omit<RefField, 'target'>> = {}): RefField =>
    ({ kind: 'ref', label, target, onDelete: 'restrict', ...o }),
  refs: (label: Label, target: string, o: Opts<Omit<RefsField, 'target'>> = {}): RefsField =>
    ({ kind: 'refs', label, target, ...o }),
  image: (label: Label, o: Opts<Omit<FileField, 'accept'>> = {}): FileField => ({ kind: 'file', label, accept: 'image', ...o }),
  json: (label: Label, o: Opts<JsonField> = {}): JsonField => ({ kind: 'json', label, ...o }),
};

/** snake_case column name for a camelCase field key. */
export function columnName(key: string): string {
  return key.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
}
