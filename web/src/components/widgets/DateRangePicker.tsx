import { Button, Input, Popover, Stack, Text } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/i18n/use-format';
import { IconCalendar } from '../icons';
import { nextRange, todayIso, type DateRange, type IsoDate } from './calendar';
import { CalendarMonth } from './CalendarMonth';

export interface DateRangePickerProps {
  label: ReactNode;
  value: DateRange;
  onChange: (value: DateRange) => void;
  /** Past days are disabled unless allowed. */
  allowPast?: boolean;
  minDate?: IsoDate;
  maxDate?: IsoDate;
  required?: boolean;
  error?: ReactNode;
  disabled?: boolean;
}

/**
 * A range of days picked in one calendar (weeks from Monday): the first click sets the start, the second the end,
 * and a click before the start starts again from there. The calendar closes once both days are chosen.
 */
export function DateRangePicker({ label, value, onChange, allowPast = false, minDate, maxDate, required, error, disabled }: DateRangePickerProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const [opened, setOpened] = useState(false);
  const [month, setMonth] = useState<IsoDate>(value.from ?? todayIso());
  const min = minDate ?? (allowPast ? undefined : todayIso());
  const isDisabled = (day: IsoDate) => Boolean((min && day < min) || (maxDate && day > maxDate));
  const text = value.from
    ? t('widgets.dateRange.value', { from: format.localDate(value.from), to: value.to ? format.localDate(value.to) : '…' })
    : t('widgets.dateRange.empty');

  return (
    <Input.Wrapper label={label} required={required} error={error} id={id}>
      <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus returnFocus>
        <Popover.Target>
          <Button
            id={id}
            variant="default"
            fullWidth
            justify="space-between"
            disabled={disabled}
            rightSection={<IconCalendar size={16} aria-hidden="true" />}
            onClick={() => setOpened((o) => !o)}
            aria-invalid={error ? true : undefined}
            data-testid="date-range-trigger"
            styles={{ label: { fontWeight: 400 } }}
          >
            {text}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <Text size="sm" aria-live="polite" data-testid="date-range-step">
              {value.from && !value.to ? t('widgets.dateRange.pickEnd') : t('widgets.dateRange.pickStart')}
            </Text>
            <CalendarMonth
              month={month}
              onMonthChange={setMonth}
              isSelected={(day) => day === value.from || day === value.to}
              isInRange={(day) => Boolean(value.from && value.to && day > value.from && day < value.to)}
              isDisabled={isDisabled}
              onPick={(day) => {
                const next = nextRange(value, day);
                onChange(next);
                if (next.to) setOpened(false);
              }}
            />
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Input.Wrapper>
  );
}
