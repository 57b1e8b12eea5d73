import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/i18n/use-format';
import { IconCalendar } from '../icons';
import { parseUserDate, todayIso, type IsoDate } from './calendar';
import { CalendarMonth } from './CalendarMonth';

export interface DatePickerProps {
  label: ReactNode;
  value: IsoDate | null;
  onChange: (value: IsoDate | null) => void;
  /** Past days are disabled unless allowed (time frames start in the future). */
  allowPast?: boolean;
  /** Days before this one are disabled (defaults to today unless `allowPast`). */
  minDate?: IsoDate;
  maxDate?: IsoDate;
  required?: boolean;
  error?: ReactNode;
  disabled?: boolean;
}

/** A typed date (dd.MM.yyyy or dd/MM/yyyy) with a calendar to pick from; the value is an ISO date. */
export function DatePicker({ label, value, onChange, allowPast = false, minDate, maxDate, required, error, disabled }: DatePickerProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState(value ? format.localDate(value) : '');
  const [month, setMonth] = useState<IsoDate>(value ?? todayIso());
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setText(value ? format.localDate(value) : ''), [value, format]);

  const min = minDate ?? (allowPast ? undefined : todayIso());
  const isDisabled = (day: IsoDate) => Boolean((min && day < min) || (maxDate && day > maxDate));
  const commit = (raw: string) => {
    if (raw.trim() === '') {
      setInvalid(false);
      onChange(null);
      return;
    }
    const parsed = parseUserDate(raw);
    const ok = parsed !== null && !isDisabled(parsed);
    setInvalid(!ok);
    if (ok) onChange(parsed);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus returnFocus withRoles={false}>
      {/* The roles belong on the calendar button: a text box may not carry aria-expanded. */}
      <Popover.Target>
        <TextInput
          label={label}
          required={required}
          disabled={disabled}
          value={text}
          placeholder={t('widgets.date.placeholder')}
          onChange={(event) => setText(event.currentTarget.value)}
          onBlur={(event) => commit(event.currentTarget.value)}
          error={error ?? (invalid ? t('widgets.date.invalid') : undefined)}
          rightSection={
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={disabled}
              aria-label={t('widgets.date.open')}
              aria-haspopup="dialog"
              aria-expanded={opened}
              onClick={() => setOpened((o) => !o)}
            >
              <IconCalendar size={16} />
            </ActionIcon>
          }
        />
      </Popover.Target>
      <Popover.Dropdown>
        <CalendarMonth
          month={month}
          onMonthChange={setMonth}
          isSelected={(day) => day === value}
          isDisabled={isDisabled}
          onPick={(day) => {
            setInvalid(false);
            onChange(day);
            setOpened(false);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
