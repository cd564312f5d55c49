import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { mandatory } from './mandatory';

/**
 * A company's time zone: the IANA names the browser knows (searchable, "Asia/Riyadh" as a person types "riyadh"),
 * plus UTC and the current value when the browser's list lacks them (aliases such as Asia/Kolkata). The server
 * checks the name again with Intl (core/time/company-time.ts).
 */
const zones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
};

export interface TimeZoneSelectProps {
  label: string;
  value: string;
  onChange: (zone: string) => void;
  error?: string;
  description?: string;
  disabled?: boolean;
  required?: boolean;
  name?: string;
}

export function TimeZoneSelect({ label, value, onChange, error, description, disabled, required, name }: TimeZoneSelectProps) {
  const data = useMemo(() => [...new Set(['UTC', ...zones(), ...(value ? [value] : [])])].sort(), [value]);
  return (
    <Select
      label={label}
      description={description}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      error={error}
      disabled={disabled}
      name={name}
      searchable
      limit={100}
      nothingFoundMessage="—"
      dir="ltr"
      {...mandatory(required)}
    />
  );
}
