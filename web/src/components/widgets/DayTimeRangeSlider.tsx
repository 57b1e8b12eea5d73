import { Group, Input, RangeSlider, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocalTime } from '../../lib/i18n/format';
import { useFormat } from '../../lib/i18n/use-format';
import { DAY_STEPS, stepToTime, timeToStep } from './time';

export interface DayTimeRange {
  /** `HH:mm`. */
  from: string;
  /** `HH:mm`; `24:00` is the end of the day. */
  to: string;
}

/** The slider's default: 09:00 to 18:00. */
export const DEFAULT_DAY_TIME_RANGE: DayTimeRange = { from: '09:00', to: '18:00' };

export interface DayTimeRangeSliderProps {
  label: ReactNode;
  value?: DayTimeRange;
  onChange: (value: DayTimeRange) => void;
  /** The last step that may be chosen (default 96, the end of the day; 95 is 23:45). */
  maxStep?: number;
  disabled?: boolean;
}

/**
 * A span of the day on one slider of 96 steps of 15 minutes (default 09:00–18:00). Both thumbs are sliders for the
 * keyboard: arrows move 15 minutes, Page Up/Down an hour, Home/End to the ends.
 */
export function DayTimeRangeSlider({ label, value = DEFAULT_DAY_TIME_RANGE, onChange, maxStep = DAY_STEPS, disabled }: DayTimeRangeSliderProps) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const id = useId();
  // Shown as the reader's locale writes times (8:00 AM for the US, 08:00 elsewhere); the end of the day as midnight.
  const show = (step: number) => formatLocalTime(`2000-01-01T${stepToTime(step % DAY_STEPS)}:00`, locale);
  const range: [number, number] = [Math.min(timeToStep(value.from), maxStep), Math.min(timeToStep(value.to), maxStep)];
  return (
    <Input.Wrapper label={label} id={id} labelElement="div">
      <Group justify="space-between" gap="xs" mt={2}>
        <Text size="sm" data-testid="day-time-from">
          {show(range[0])}
        </Text>
        <Text size="sm" data-testid="day-time-to">
          {show(range[1])}
        </Text>
      </Group>
      <RangeSlider
        min={0}
        max={maxStep}
        step={1}
        minRange={1}
        value={range}
        disabled={disabled}
        onChange={([from, to]) => onChange({ from: stepToTime(from), to: stepToTime(to) })}
        label={show}
        thumbFromLabel={t('widgets.dayTime.from')}
        thumbToLabel={t('widgets.dayTime.to')}
        thumbValueText={show}
        marks={[0, 24, 48, 72, 96].filter((s) => s <= maxStep).map((s) => ({ value: s, label: show(s) }))}
        mb="lg"
        data-testid="day-time-range"
      />
    </Input.Wrapper>
  );
}
