import { ActionIcon, Group, NumberInput, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconTrash } from '../../../../components/icons';
import type { FieldErrors } from '../../../../lib/forms/forms';
import type { FrameForm } from '../../model';
import { FrameDates } from './FrameDates';
import { FrameHours } from './FrameHours';
import { err } from './section-props';

/** One time frame: its kind, its dates, its working hours and (unless fixed) how many days the job may take. */
export function FrameEditor({
  frame,
  index,
  count,
  onChange,
  onRemove,
  errors,
}: {
  frame: FrameForm;
  index: number;
  count: number;
  onChange: (f: FrameForm) => void;
  onRemove: () => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  const e = (name: string) => err(errors, `frames.${index}.${name}`);
  return (
    <Paper withBorder p="md" data-testid="time-frame">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{index === 0 ? t('ordering.frames.preferred') : t('ordering.frames.alternative', { number: index + 1 })}</Text>
          {count > 1 ? (
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('ordering.frames.remove', { number: index + 1 })}>
              <IconTrash size={16} />
            </ActionIcon>
          ) : null}
        </Group>
        <SegmentedControl
          value={frame.type}
          onChange={(type) => onChange({ ...frame, type: type as FrameForm['type'] })}
          data={(['FIXED', 'APPROXIMATE', 'FLEXIBLE'] as const).map((type) => ({ value: type, label: t(`timeframeType.${type}`) }))}
          aria-label={t('ordering.frames.type')}
          fullWidth
        />
        <Text size="xs" c="dimmed">
          {t(`ordering.frames.typeHint.${frame.type}`)}
        </Text>
        <FrameDates frame={frame} onChange={onChange} error={e} />
        <FrameHours frame={frame} onChange={onChange} error={e} />
        {frame.type !== 'FIXED' ? (
          <NumberInput
            label={t('ordering.frames.maxDays')}
            description={t('ordering.frames.maxDaysHint')}
            min={1}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            value={frame.maxDays}
            onChange={(maxDays) => onChange({ ...frame, maxDays })}
            error={e('maxDays')}
            w={{ base: '100%', xs: 320 }}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
