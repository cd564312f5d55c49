import { NumberInput, Select, Switch, TextInput, Textarea } from '@mantine/core';
import type { AnyEntity } from '../../core/entity/define';
import type { Field } from '../../core/entity/field';
import type { Row } from '../api/useEntityQueries';
import { useLocale } from '../i18n/useLocale';
import { ImageInput } from './ImageInput';
import { RefSelect, RefsSelect } from './RefSelect';
import { WidgetInput } from './WidgetInput';
import { DateField } from '../ui/DateField';
import { mandatory } from '../ui/mandatory';

/**
 * One input per field kind. Decimals are typed into a text input and stay strings (exact money, never floats);
 * emails, phones, URLs and numbers are always left-to-right, free text follows its own content (dir=auto).
 */
export interface FieldInputProps {
  def: AnyEntity;
  name: string;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string;
  disabled?: boolean;
  row?: Row;
  /** The section title already names the field. */
  hideLabel?: boolean;
  /** The whole form's values, handed to widgets that depend on other fields. */
  values?: Record<string, unknown>;
}

export function FieldInput({ def, name, value, onChange, error, disabled, row, hideLabel, values }: FieldInputProps) {
  const { label } = useLocale();
  const field: Field = def.fields[name]!;
  const common = {
    label: hideLabel ? undefined : label(field.label),
    // a field named like its section shows no label of its own (EntityForm), but is still named
    'aria-label': hideLabel ? label(field.label) : undefined,
    error,
    disabled,
    ...mandatory(field.required),
    description: field.help ? label(field.help) : undefined,
    name,
  };
  const str = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  const text = (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.currentTarget.value);

  if (field.widget) return <WidgetInput def={def} name={name} field={field} label={common.label ?? ''} value={value} onChange={onChange} error={error} disabled={disabled} values={values} />;

  switch (field.kind) {
    case 'text':
      return <TextInput {...common} value={str} onChange={text} dir="auto" maxLength={field.max} />;
    case 'textarea':
      return <Textarea {...common} value={str} onChange={text} dir="auto" autosize minRows={2} maxRows={8} maxLength={field.max} />;
    case 'email':
      return <TextInput {...common} type="email" value={str} onChange={text} dir="ltr" autoComplete="email" />;
    case 'phone':
      return <TextInput {...common} type="tel" value={str} onChange={text} dir="ltr" autoComplete="tel" />;
    case 'url':
      return <TextInput {...common} type="url" value={str} onChange={text} dir="ltr" />;
    case 'decimal':
      return <TextInput {...common} value={str} onChange={text} dir="ltr" inputMode="decimal" />;
    case 'integer':
      return (
        <NumberInput
          {...common}
          value={value === null || value === undefined ? '' : (value as number | string)}
          onChange={(v) => onChange(v)}
          allowDecimal={false}
          min={field.minValue}
          max={field.maxValue}
          dir="ltr"
        />
      );
    case 'boolean':
      return (
        <Switch
          label={label(field.label)}
          error={error}
          disabled={disabled}
          name={name}
          description={common.description}
          checked={Boolean(value)}
          onChange={(e) => onChange(e.currentTarget.checked)}
          mt="md"
        />
      );
    case 'date':
      return <DateField {...common} value={str ? str.slice(0, 10) : null} onChange={(v) => onChange(v)} />;
    case 'datetime':
      return <TextInput {...common} type="datetime-local" value={str} onChange={text} dir="ltr" />;
    case 'enum':
      return (
        <Select
          {...common}
          data={field.options.map((o) => ({ value: o.value, label: label(o.label) }))}
          value={(value as string | null) ?? null}
          onChange={(v) => onChange(v)}
          clearable={!field.required}
          allowDeselect={!field.required}
          searchable={field.options.length > 12}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'ref':
      return (
        <RefSelect
          {...common}
          target={field.target}
          filters={field.filters}
          value={(value as string | null) ?? null}
          onChange={onChange}
          initialTitle={row?._refs?.[name]}
          clearable={!field.required}
        />
      );
    case 'refs':
      return <RefsSelect {...common} target={field.target} value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange} />;
    case 'file':
      return (
        <ImageInput
          target={`${def.name}.${name}`}
          label={common.label ?? ''}
          required={field.required}
          error={error}
          disabled={disabled}
          value={(value as string | null) ?? null}
          onChange={onChange}
        />
      );
    case 'json':
      return <WidgetInput def={def} name={name} field={field} label={common.label ?? ''} value={value} onChange={onChange} error={error} disabled={disabled} values={values} />;
  }
}
