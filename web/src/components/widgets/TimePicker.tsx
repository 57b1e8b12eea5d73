import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatLocalTime } from '../../lib/i18n/format';
import { useFormat } from '../../lib/i18n/use-format';
import { timesOfDay } from './time';

export interface TimePickerProps {
  label: ReactNode;
  value: string | null;
  onChange: (value: string | null) => void;
  /** Minutes between choices: a multiple of 5 dividing 60 (default 5); anything else falls back to 5. */
  minuteInterval?: number;
  required?: boolean;
  error?: ReactNode;
  disabled?: boolean;
}

/** A time of day (`HH:mm`), shown in the user's clock (12-hour for en-US / en-CA, 24-hour otherwise). */
export function TimePicker({ label, value, onChange, minuteInterval = 5, required, error, disabled }: TimePickerProps) {
  const { locale } = useFormat();
  const data = timesOfDay(minuteInterval).map((time) => ({ value: time, label: formatLocalTime(`2000-01-01T${time}:00`, locale) }));
  return (
    <Select
      label={label}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      required={required}
      error={error}
      disabled={disabled}
      maxDropdownHeight={240}
      comboboxProps={{ width: 160 }}
    />
  );
}
