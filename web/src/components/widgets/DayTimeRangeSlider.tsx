import { Input, RangeSlider } from '@mantine/core';
import { formatLocalTime } from '../../lib/format';
import { useFormat } from '../../lib/use-format';
import { DAY_STEPS, stepToTime, timeToStep } from './time';

export const DEFAULT_DAY_RANGE: [string, string] = ['09:00', '18:00'];

/** A working day as a range of 96 quarter-hour steps (spec section 9); default 09:00–18:00. */
export function DayTimeRangeSlider({ label, value = DEFAULT_DAY_RANGE, onChange }: { label: string; value?: [string, string]; onChange: (value: [string, string]) => void }) {
  const { locale } = useFormat();
  const show = (step: number) => (step === DAY_STEPS ? '24:00' : formatLocalTime(`2000-01-01T${stepToTime(step)}:00`, locale));
  return (
    <Input.Wrapper label={label}>
      <RangeSlider
        min={0}
        max={DAY_STEPS}
        step={1}
        minRange={1}
        value={[timeToStep(value[0]), timeToStep(value[1])]}
        onChange={([from, to]) => onChange([stepToTime(from), to === DAY_STEPS ? '24:00' : stepToTime(to)])}
        label={show}
        thumbFromLabel={`${label} ${show(timeToStep(value[0]))}`}
        thumbToLabel={`${label} ${show(timeToStep(value[1]))}`}
        marks={[0, 24, 48, 72, 96].map((step) => ({ value: step, label: step === DAY_STEPS ? '24:00' : stepToTime(step) }))}
        mb="lg"
        mt="xs"
      />
    </Input.Wrapper>
  );
}
