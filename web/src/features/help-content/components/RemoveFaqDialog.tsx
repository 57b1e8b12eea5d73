import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import { notify } from '../../../lib/notify';
import { useFaqCommand, type ManagedFaq } from '../api/faqs';

/** Removing takes a question off the customers' help pages; its history stays. */
export function RemoveFaqDialog({ faq, onClose }: { faq: ManagedFaq; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useFaqCommand();
  return (
    <FixedDialog opened onClose={onClose} title={t('helpContent.removeDialog.title')}>
      <Stack gap="md">
        <CommandFailureAlert error={remove.error} onReload={onClose} stale={{ faq_not_found: 'helpContent.dialog.removedMeanwhile' }} />
        <Text size="sm">{t('helpContent.removeDialog.text', { question: faq.question.en })}</Text>
        <DialogActions onCancel={onClose} busy={remove.isPending}>
          <Button
            color="red"
            loading={remove.isPending}
            data-testid="confirm-remove-faq"
            onClick={() =>
              remove.mutate(
                { kind: 'remove', body: { id: faq.id } },
                {
                  onSuccess: () => {
                    notify('success', t('helpContent.removeDialog.done'));
                    onClose();
                  },
                },
              )
            }
          >
            {t('helpContent.remove')}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}
