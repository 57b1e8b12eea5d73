import { Button, Popover } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/use-format';
import { IconCalendar } from '../icons';
import { nextRange, todayIso, type DateRange, type IsoDate } from './calendar';
import { CalendarMonth } from './CalendarMonth';

export interface DateRangePickerProps {
  label: string;
  value: DateRange;
  onChange: (value: DateRange) => void;
  allowPast?: boolean;
  error?: ReactNode;
}

/**
 * A date range from one calendar (spec 4.5): first click from, second to (swapped if earlier), third restarts.
 * Closing while only `from` is chosen restores the previous range.
 */
export function DateRangePicker({ label, value, onChange, allowPast = false, error }: DateRangePickerProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<DateRange>(value);
  const [month, setMonth] = useState<IsoDate>(value.from ?? todayIso());
  const today = todayIso();

  const open = () => {
    setDraft(value);
    setOpened(true);
  };
  const close = () => {
    setOpened(false);
    // An incomplete range is dropped: the last complete one (the value) stays.
    if (!draft.from || !draft.to) setDraft(value);
  };
  const shown = opened ? draft : value;
  const text = shown.from ? `${format.localDate(shown.from)} – ${shown.to ? format.localDate(shown.to) : '…'}` : t('widgets.date.pickRange');

  return (
    <Popover opened={opened} onChange={(next) => (next ? open() : close())} position="bottom-start" shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconCalendar size={16} />}
          onClick={() => (opened ? close() : open())}
          aria-label={`${label}: ${text}`}
          data-testid="date-range-button"
          color={error ? 'red' : undefined}
        >
          {text}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <CalendarMonth
          month={month}
          onMonthChange={setMonth}
          isSelected={(day) => day === draft.from || day === draft.to}
          isInRange={(day) => Boolean(draft.from && draft.to && day > draft.from && day < draft.to)}
          isDisabled={(day) => !allowPast && day < today}
          onPick={(day) => {
            const next = nextRange(draft, day);
            setDraft(next);
            if (next.from && next.to) onChange(next);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
