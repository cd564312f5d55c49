import type { Label } from '../i18n/locale';

/**
 * Field kinds an entity definition can use. Each kind decides its SQL column, its zod rule, its form input
 * and how lists show and filter it. Nothing here knows any particular entity.
 */
export type FieldKind =
  | 'text' | 'textarea' | 'email' | 'phone' | 'url'
  | 'decimal' | 'integer' | 'boolean' | 'date' | 'datetime'
  | 'enum' | 'ref' | 'refs' | 'file' | 'json';

export interface EnumOption { value: string; label: Label }

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

export interface TextField extends BaseField { kind: 'text' | 'textarea' | 'email' | 'phone' | 'url'; max?: number; min?: number }
export interface DecimalField extends BaseField { kind: 'decimal'; precision: number; scale: number; min?: 'positive' | 'nonNegative'; default?: string }
export interface IntegerField extends BaseField { kind: 'integer'; minValue?: number; maxValue?: number; default?: number }
export interface BooleanField extends BaseField { kind: 'boolean'; default?: boolean }
export interface DateField extends BaseField { kind: 'date' | 'datetime' }
export interface EnumField extends BaseField { kind: 'enum'; options: EnumOption[]; default?: string }
export interface RefField extends BaseField { kind: 'ref'; target: string; onDelete?: 'restrict' | 'set null' | 'cascade' }
export interface RefsField extends BaseField { kind: 'refs'; target: string }
export interface FileField extends BaseField { kind: 'file'; accept: 'image' }
export interface JsonField extends BaseField { kind: 'json' }

export type Field =
  | TextField | DecimalField | IntegerField | BooleanField | DateField
  | EnumField | RefField | RefsField | FileField | JsonField;

type Opts<F> = Omit<F, 'kind' | 'label'>;

/** Field builders: `f.text({ en: 'Name', ar: 'الاسم' }, { required: true, search: true })`. */
export const f = {
  text: (label: Label, o: Opts<TextField> = {}): TextField => ({ kind: 'text', label, max: 200, ...o }),
  textarea: (label: Label, o: Opts<TextField> = {}): TextField => ({ kind: 'textarea', label, max: 4000, ...o }),
  email: (label: Label, o: Opts<TextField> = {}): TextField => ({ kind: 'email', label, max: 254, ...o }),
  phone: (label: Label, o: Opts<TextField> = {}): TextField => ({ kind: 'phone', label, max: 40, ...o }),
  url: (label: Label, o: Opts<TextField> = {}): TextField => ({ kind: 'url', label, max: 500, ...o }),
  money: (label: Label, o: Partial<Opts<DecimalField>> = {}): DecimalField =>
    ({ kind: 'decimal', label, precision: 20, scale: 4, ...o }),
  quantity: (label: Label, o: Partial<Opts<DecimalField>> = {}): DecimalField =>
    ({ kind: 'decimal', label, precision: 20, scale: 6, ...o }),
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
