import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import { notify } from '../../../lib/notify';
import { useRemoveWebhook, type WebhookView } from '../api/webhooks';

/** Removing ends the endpoint: nothing more is sent to it, and its secret is erased. */
export function RemoveWebhookDialog({ webhook, onClose }: { webhook: WebhookView; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemoveWebhook();
  return (
    <FixedDialog opened onClose={onClose} title={t('webhooks.removeDialog.title')}>
      <Stack gap="md">
        <CommandFailureAlert error={remove.error} onReload={onClose} stale={{ webhook_not_found: 'webhooks.gone' }} />
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {t('webhooks.removeDialog.text', { url: webhook.url })}
        </Text>
        <DialogActions onCancel={onClose} busy={remove.isPending}>
          <Button
            color="red.9"
            loading={remove.isPending}
            data-testid="confirm-remove-webhook"
            onClick={() =>
              remove.mutate(webhook.id, {
                onSuccess: () => {
                  notify('success', t('webhooks.removeDialog.done'));
                  onClose();
                },
              })
            }
          >
            {t('webhooks.remove')}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}
