import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import { notify } from '../../../lib/notify';
import { useChangeWebhook, type WebhookEventKind, type WebhookView } from '../api/webhooks';
import { KindsInput } from './KindsInput';

/** The kinds of events an endpoint hears about from now on. */
export function EditKindsDialog({ webhook, onClose }: { webhook: WebhookView; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangeWebhook();
  const [kinds, setKinds] = useState<WebhookEventKind[]>([...webhook.kinds]);
  const [error, setError] = useState<string | undefined>();
  return (
    <FixedDialog opened onClose={onClose} title={t('webhooks.editDialog.title')} size="lg">
      <Stack gap="md">
        <CommandFailureAlert error={change.error} onReload={onClose} stale={{ webhook_not_found: 'webhooks.gone' }} />
        <KindsInput value={kinds} onChange={setKinds} error={error} />
        <DialogActions onCancel={onClose} busy={change.isPending}>
          <Button
            loading={change.isPending}
            data-testid="save-webhook-kinds"
            onClick={() => {
              if (kinds.length === 0) return setError(t('webhooks.errors.kinds'));
              setError(undefined);
              change.mutate(
                { id: webhook.id, kinds },
                {
                  onSuccess: () => {
                    notify('success', t('webhooks.editDialog.done'));
                    onClose();
                  },
                },
              );
            }}
          >
            {t('webhooks.editDialog.save')}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}
