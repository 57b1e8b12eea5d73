import { ActionIcon, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { IconArrowLeft } from '../icons';
import { monthWeeks, type IsoDate } from './calendar';

export interface CalendarMonthProps {
  month: IsoDate;
  onMonthChange: (month: IsoDate) => void;
  onPick: (day: IsoDate) => void;
  isSelected: (day: IsoDate) => boolean;
  isInRange?: (day: IsoDate) => boolean;
  isDisabled: (day: IsoDate) => boolean;
}

const localeOf = (language: string) => (language === 'pt' ? 'pt-BR' : language === 'de' ? 'de-DE' : 'en-GB');

/** One month as a grid of day buttons, weeks starting on Monday. */
export function CalendarMonth({ month, onMonthChange, onPick, isSelected, isInRange, isDisabled }: CalendarMonthProps) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const first = DateTime.fromISO(month).setLocale(locale);
  const weekdays = Array.from({ length: 7 }, (_, i) => first.startOf('week').plus({ days: i }).toFormat('ccc'));
  const currentMonth = first.month;
  return (
    <Box w={280} data-testid="calendar">
      <Group justify="space-between" mb="xs">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('widgets.date.previousMonth')}
          onClick={() => onMonthChange(first.minus({ months: 1 }).toISODate()!)}
        >
          <IconArrowLeft size={16} />
        </ActionIcon>
        <Text fw={600} size="sm" aria-live="polite">
          {first.toFormat('LLLL yyyy')}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('widgets.date.nextMonth')}
          onClick={() => onMonthChange(first.plus({ months: 1 }).toISODate()!)}
        >
          <IconArrowLeft size={16} style={{ transform: 'rotate(180deg)' }} />
        </ActionIcon>
      </Group>
      <table role="grid" style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day} scope="col" style={{ fontSize: 12, fontWeight: 500, color: 'var(--mantine-color-gray-7)', padding: 2 }}>
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const dt = DateTime.fromISO(day);
                const selected = isSelected(day);
                const inRange = isInRange?.(day) ?? false;
                const disabled = isDisabled(day);
                return (
                  <td key={day} style={{ padding: 1, textAlign: 'center' }}>
                    <UnstyledButton
                      data-date={day}
                      aria-label={dt.setLocale(locale).toLocaleString(DateTime.DATE_FULL)}
                      aria-pressed={selected}
                      disabled={disabled}
                      onClick={() => onPick(day)}
                      style={{
                        width: 36,
                        height: 32,
                        borderRadius: 4,
                        fontSize: 14,
                        background: selected ? 'var(--mantine-color-accent-6)' : inRange ? 'var(--mantine-color-accent-0)' : undefined,
                        color: selected
                          ? '#fff'
                          : disabled
                            ? 'var(--mantine-color-gray-5)'
                            : dt.month !== currentMonth
                              ? 'var(--mantine-color-gray-7)'
                              : undefined,
                        cursor: disabled ? 'not-allowed' : 'pointer',
                        textDecoration: disabled ? 'line-through' : undefined,
                      }}
                    >
                      {dt.day}
                    </UnstyledButton>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
