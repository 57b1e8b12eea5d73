import { Box, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DayTimeRangeSlider, TimePicker } from '../../../../components/widgets';
import { newFrame, type DayHours } from '../../model';

/** One kind of day's working hours: from, to, and whether the shift runs over midnight (22:00–06:00 when switched on). */
export function DayHoursEditor({
  title,
  hours,
  onChange,
  error,
}: {
  title: string;
  hours: DayHours;
  onChange: (hours: DayHours) => void;
  error: (part: 'from' | 'to') => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="group" aria-label={title} data-testid="day-hours">
      <Text size="sm" fw={500}>
        {title}
      </Text>
      <SimpleGrid cols={{ base: 2 }} spacing="sm" maw={420}>
        <TimePicker
          label={t('fields.timeFrom')}
          required
          minuteInterval={15}
          value={hours.from || null}
          onChange={(from) => onChange({ ...hours, from: from ?? '' })}
          error={error('from')}
        />
        <TimePicker
          label={t('fields.timeTo')}
          required
          minuteInterval={15}
          value={hours.to || null}
          onChange={(to) => onChange({ ...hours, to: to ?? '' })}
          error={error('to')}
        />
      </SimpleGrid>
      {/* The same hours on a slider of quarter hours (a day shift; a night shift's end is on the next day). */}
      {!hours.night && hours.from && hours.to && hours.from < hours.to ? (
        <Box maw={420} px={4}>
          <DayTimeRangeSlider
            label={t('ordering.frames.slider')}
            value={{ from: hours.from, to: hours.to }}
            maxStep={95}
            onChange={(range) => onChange({ ...hours, ...range })}
          />
        </Box>
      ) : null}
      <Switch
        label={t('ordering.frames.nightShift')}
        description={t('ordering.frames.nightShiftHint')}
        checked={hours.night}
        onChange={(event) => {
          const night = event.currentTarget.checked;
          const day = newFrame();
          onChange(night ? { from: '22:00', to: '06:00', night } : { from: day.timeFrom, to: day.timeTo, night });
        }}
      />
    </Stack>
  );
}
