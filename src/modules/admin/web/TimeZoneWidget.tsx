import type { WidgetProps } from '../../../web/moduleWeb';
import { useLocale } from '../../../web/i18n/useLocale';
import { TimeZoneSelect } from '../../../web/ui/TimeZoneSelect';

/** The company form's time zone (widget 'timeZone' of the company definition). */
export default function TimeZoneWidget({ label, value, onChange, error, disabled, field, name, view }: WidgetProps) {
  const { label: tr } = useLocale();
  if (view) return <span dir="ltr">{typeof value === 'string' ? value : ''}</span>;
  return (
    <TimeZoneSelect label={label} value={typeof value === 'string' ? value : ''} onChange={onChange} error={error} disabled={disabled}
      required={field.required} name={name} description={field.help ? tr(field.help) : undefined} />
  );
}
