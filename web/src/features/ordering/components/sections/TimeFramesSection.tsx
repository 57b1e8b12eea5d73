import { Button, Stack, Text } from '@mantine/core';
import type { Feasibility } from '@onsite/domain';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '../../../../components/icons';
import { newFrame, type FrameForm } from '../../model';
import { FeasibilityPanel } from './FeasibilityPanel';
import { FrameEditor } from './FrameEditor';
import type { SectionProps } from './section-props';

export function TimeFramesSection({ form, update, errors, feasibility }: SectionProps & { feasibility: Feasibility }) {
  const { t } = useTranslation();
  const setFrame = (index: number, frame: FrameForm) => update({ frames: form.frames.map((f, i) => (i === index ? frame : f)) });
  return (
    <Stack gap="md">
      <Text size="xs" c="dimmed">
        {t('orders.form.timeframeHint', { timeZone: form.location.timeZone || '—' })}
      </Text>
      {form.frames.map((frame, index) => (
        <FrameEditor
          key={index}
          frame={frame}
          index={index}
          count={form.frames.length}
          errors={errors}
          onChange={(f) => setFrame(index, f)}
          onRemove={() => update({ frames: form.frames.filter((_, i) => i !== index) })}
        />
      ))}
      {form.frames.length < 3 ? (
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => update({ frames: [...form.frames, newFrame()] })}
          w="fit-content"
          data-testid="add-frame"
        >
          {t('ordering.frames.add')}
        </Button>
      ) : null}
      <FeasibilityPanel form={form} update={update} errors={errors} feasibility={feasibility} />
    </Stack>
  );
}
