import { TextInput } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { formatDate } from '../../core/i18n/format';
import { useFormat } from '../i18n/useFormat';
import { parseDate } from './parseDate';

/**
 * The one date input of the web app. It shows dates in the page's language (under /ar: Arabic month names and a
 * right-to-left calendar, e.g. "31 مارس 2026"), takes typed dates as 2026-03-31 or 31/03/2026 (Latin or
 * Arabic-Indic digits), and hands its owner ISO 'YYYY-MM-DD' or null: what the API takes. The calendar
 * (@mantine/dates and dayjs's Arabic locale) is a lazy chunk, kept out of the initial bundle; until it arrives a
 * plain text input takes the same typed forms. When the reader's calendar is Hijri (or both), the picked day's
 * Hijri date (Umm al-Qura, core/i18n/format.ts) shows under the input, in their digits.
 */
export interface DateFieldProps {
  value: string | null;
  onChange: (value: string | null) => void;
  label?: React.ReactNode;
  'aria-label'?: string;
  description?: React.ReactNode;
  error?: React.ReactNode;
  placeholder?: string;
  size?: 'xs' | 'sm' | 'md';
  w?: number | string;
  required?: boolean;
  disabled?: boolean;
  clearable?: boolean;
  /** Earliest and latest choosable day, ISO. */
  min?: string;
  max?: string;
  onBlur?: () => void;
  name?: string;
  labelProps?: { 'data-mandatory': true };
  'aria-required'?: boolean;
}

const Calendar = lazy(() => import('./DateFieldCalendar'));

function PlainDate(p: DateFieldProps) {
  const [text, setText] = useState(p.value ?? '');
  useEffect(() => setText(p.value ?? ''), [p.value]);
  return (
    <TextInput label={p.label} aria-label={p['aria-label']} name={p.name} labelProps={p.labelProps} aria-required={p['aria-required']} description={p.description} error={p.error} placeholder={p.placeholder}
      size={p.size} w={p.w} required={p.required} disabled={p.disabled} value={text} onBlur={p.onBlur}
      onChange={(e) => {
        const t = e.currentTarget.value;
        setText(t);
        if (t === '') p.onChange(null);
        else { const iso = parseDate(t); if (iso) p.onChange(iso); }
      }} />
  );
}

export function DateField(props: DateFieldProps) {
  const fmt = useFormat();
  const hijri = props.value && fmt.calendar !== 'gregorian' ? formatDate(props.value, { ...fmt, calendar: 'hijri' }) : null;
  const p = hijri
    ? { ...props, description: <>{props.description}{props.description ? ' · ' : null}<span data-hijri-date="">{hijri}</span></> }
    : props;
  return <Suspense fallback={<PlainDate {...p} />}><Calendar {...p} /></Suspense>;
}
