import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import 'dayjs/locale/ar';
import { useState } from 'react';
import { useLocale } from '../i18n/useLocale';
import type { DateFieldProps } from './DateField';
import { parseDate } from './parseDate';

/**
 * The calendar behind DateField (a lazy chunk): Mantine's DateInput in the page's language, ISO in and out. The
 * calendar opens on a click (or arrow down), not on focus, and closes once a typed date is complete, so it never
 * covers the next fields of a form while the user types and tabs through it.
 */
const FORMAT = { en: 'D MMM YYYY', ar: 'D MMMM YYYY' } as const;

export default function DateFieldCalendar(p: DateFieldProps) {
  const { locale, dir } = useLocale();
  const [open, setOpen] = useState(false);
  return (
    <DateInput locale={locale} valueFormat={FORMAT[locale]} dateParser={parseDate} firstDayOfWeek={locale === 'ar' ? 6 : 1} weekendDays={locale === 'ar' ? [5, 6] : [0, 6]}
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
