import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconSend } from '../../../components/icons';

/** Back (in the stepper), save as a draft (unless completing an order), and next or send on the last step. */
export function OrderingButtons({
  last,
  onBack,
  onSaveDraft,
  savingDraft,
  submitting,
  submitLabel,
}: {
  last: boolean;
  /** null: no step to go back to. */
  onBack: (() => void) | null;
  /** null: no draft to save. */
  onSaveDraft: (() => void) | null;
  savingDraft: boolean;
  submitting: boolean;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm">
        {onBack ? (
          <Button variant="default" onClick={onBack}>
            {t('ordering.back')}
          </Button>
        ) : null}
        {onSaveDraft ? (
          <Button variant="subtle" onClick={onSaveDraft} loading={savingDraft} data-testid="save-draft">
            {t('ordering.draft.save')}
          </Button>
        ) : null}
      </Group>
      {last ? (
        <Button type="submit" size="md" loading={submitting} leftSection={<IconSend size={18} />} data-testid="submit-order">
          {t(submitLabel)}
        </Button>
      ) : (
        <Button type="submit" data-testid="next-step">
          {t('ordering.next')}
        </Button>
      )}
    </Group>
  );
}
