import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import { notify } from '../../../lib/notify';
import { useManualCommand, type ManagedManual } from '../api/manuals';

/** Removing takes a manual off the customers' help pages; its history stays. */
export function RemoveManualDialog({ manual, onClose }: { manual: ManagedManual; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useManualCommand();
  const confirm = () =>
    remove.mutate(
      { kind: 'remove', body: { id: manual.id } },
      {
        onSuccess: () => {
          notify('success', t('helpContent.manuals.removed'));
          onClose();
        },
      },
    );
  return (
    <FixedDialog opened onClose={onClose} title={t('helpContent.manuals.removeTitle')}>
      <Stack gap="md">
        <CommandFailureAlert error={remove.error} onReload={onClose} stale={{ manual_not_found: 'helpContent.manuals.removedMeanwhile' }} />
        <Text size="sm">{t('helpContent.manuals.removeText', { title: manual.title.en })}</Text>
        <DialogActions onCancel={onClose} busy={remove.isPending}>
          <Button color="red" loading={remove.isPending} data-testid="confirm-remove-manual" onClick={confirm}>
            {t('helpContent.remove')}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}
