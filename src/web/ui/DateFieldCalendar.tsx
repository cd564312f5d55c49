import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import { useState } from 'react';
import { useLocale } from '../i18n/useLocale';
import type { DateFieldProps } from './DateField';
import { parseDate } from './parseDate';

/**
 * The calendar behind DateField (a lazy chunk): Mantine's DateInput in the page's language, ISO in and out. The
 * calendar opens on a click (or arrow down), not on focus, and closes once a typed date is complete, so it never
 * covers the next fields of a form while the user types and tabs through it. Besides the forms parseDate takes, the
 * shown date typed back or edited ("30 Mar 2026", "30 مارس 2026") is a date: DateInput puts the shown text back on
 * blur when what was typed is not one, and an edited day would silently be undone.
 */
const FORMAT = { en: 'D MMM YYYY', ar: 'D MMMM YYYY' } as const;

/** Month names as FORMAT shows them in either language ("Mar", "March", "مارس") to their number. */
const MONTHS = new Map<string, number>([
  ...(dayjs.Ls.en!.months ?? []).flatMap((m, i) => [[m.toLowerCase(), i + 1], [m.slice(0, 3).toLowerCase(), i + 1]] as const),
  ...(dayjs.Ls.ar!.months ?? []).map((m, i) => [m, i + 1] as const),
]);

function parseTyped(text: string): string | null {
  const shown = /^\s*(\S{1,2})\s+(\S+)\s+(\S{4})\s*$/.exec(text);
  const month = shown ? MONTHS.get(shown[2]!.toLowerCase()) : undefined;
  return shown && month ? parseDate(`${shown[1]}/${month}/${shown[3]}`) : parseDate(text);
}

export default function DateFieldCalendar(p: DateFieldProps) {
  const { locale, dir } = useLocale();
  const [open, setOpen] = useState(false);
  return (
    <DateInput locale={locale} valueFormat={FORMAT[locale]} dateParser={parseTyped} firstDayOfWeek={locale === 'ar' ? 6 : 1} weekendDays={locale === 'ar' ? [5, 6] : [0, 6]}
      label={p.label} aria-label={p['aria-label']} name={p.name} labelProps={p.labelProps} aria-required={p['aria-required']} description={p.description} error={p.error} placeholder={p.placeholder}
      size={p.size} w={p.w} required={p.required} disabled={p.disabled} clearable={p.clearable} allowDeselect={p.clearable}
      minDate={p.min} maxDate={p.max} dir={dir}
      popoverProps={{ opened: open, onClose: () => setOpen(false) }}
      onClick={() => setOpen(true)}
      onKeyDown={(e) => { if (e.key === 'ArrowDown') setOpen(true); else if (e.key === 'Escape' || e.key === 'Enter') setOpen(false); }}
      onBlur={() => { setOpen(false); p.onBlur?.(); }}
      value={p.value || null} onChange={(v) => { setOpen(false); p.onChange(v ? v.slice(0, 10) : null); }} />
  );
}
