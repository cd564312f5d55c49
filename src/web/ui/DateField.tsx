import { TextInput } from '@mantine/core';
import { type ComponentType, useEffect, useState } from 'react';
import { formatDate } from '../../core/i18n/format';
import { useFormat } from '../i18n/useFormat';
import { parseDate } from './parseDate';

/**
 * The one date input of the web app. It shows dates in the page's language (under /ar: Arabic month names and a
 * right-to-left calendar, e.g. "31 مارس 2026"), takes typed dates as 2026-03-31 or 31/03/2026 (Latin or
 * Arabic-Indic digits), and hands its owner ISO 'YYYY-MM-DD' or null: what the API takes. The calendar
 * (@mantine/dates and dayjs's Arabic locale) is a lazy chunk, kept out of the initial bundle; until it arrives a
 * plain text input takes the same typed forms, and it stays while the user is in it: the calendar takes its place
 * only when the field does not have the focus, so no keystroke meets a swapped input (what was typed is then the
 * owner's value, which the calendar shows). If the chunk cannot be fetched, the plain input stays. When the
 * reader's calendar is Hijri (or both), the picked day's Hijri date (Umm al-Qura, core/i18n/format.ts) shows under
 * the input, in their digits.
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

type Calendar = ComponentType<DateFieldProps>;
let loaded: Calendar | null = null;
let loading: Promise<Calendar> | null = null;

/** The calendar's chunk, fetched once per page; a failed fetch (offline, a newer deploy) is tried again by the next field. */
function loadCalendar(): Promise<Calendar> {
  loading ??= import('./DateFieldCalendar').then(
    (m) => (loaded = m.default),
    (err: unknown) => { loading = null; throw err; },
  );
  return loading;
}

/** The calendar once its chunk is here (at once when an earlier field fetched it), else null. */
function useCalendar(): Calendar | null {
  const [calendar, setCalendar] = useState<Calendar | null>(() => loaded);
  useEffect(() => {
    if (calendar) return;
    let live = true;
    loadCalendar().then((c) => { if (live) setCalendar(() => c); }, () => { /* the plain input stays */ });
    return () => { live = false; };
  }, [calendar]);
  return calendar;
}

/**
 * Stands in for the calendar. Typed text stays as typed: the owner's echo of a parsed date does not rewrite it
 * (typing 2026-03-31 passes through 2026-03-3, already a date), only a value the text does not stand for does.
 */
function PlainDate({ onFocusChange, ...p }: DateFieldProps & { onFocusChange: (focused: boolean) => void }) {
  const [text, setText] = useState(p.value ?? '');
  const [shown, setShown] = useState(p.value ?? null);
  if ((p.value ?? null) !== shown) {
    setShown(p.value ?? null);
    if (parseDate(text) !== (p.value ?? null)) setText(p.value ?? '');
  }
  return (
    <TextInput label={p.label} aria-label={p['aria-label']} name={p.name} labelProps={p.labelProps} aria-required={p['aria-required']} description={p.description} error={p.error} placeholder={p.placeholder}
      size={p.size} w={p.w} required={p.required} disabled={p.disabled} value={text}
      onFocus={() => onFocusChange(true)}
      onBlur={(e) => {
        // the window losing focus blurs the input too, but leaves it the page's active element: the user is still in it
        if (e.currentTarget !== document.activeElement) onFocusChange(false);
        p.onBlur?.();
      }}
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
  const Calendar = useCalendar();
  const [focused, setFocused] = useState(false);
  const hijri = props.value && fmt.calendar !== 'gregorian' ? formatDate(props.value, { ...fmt, calendar: 'hijri' }) : null;
  const p = hijri
    ? { ...props, description: <>{props.description}{props.description ? ' · ' : null}<span data-hijri-date="">{hijri}</span></> }
    : props;
  if (focused && props.disabled) setFocused(false); // a disabled input is typed into no more (and may not be told of its blur)
  // Swapping the input the user is in would drop their focus and what they type next: the calendar waits until they leave it.
  return Calendar && !focused ? <Calendar {...p} /> : <PlainDate {...p} onFocusChange={setFocused} />;
}
