import { Button, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import { useRotateWebhookSecret, type WebhookView } from '../api/webhooks';
import { SecretShownOnce } from '../../../components/SecretShownOnce';

const OVERLAP_HOURS = ['0', '1', '24', '72', '168'] as const;

/** A new secret; the old one keeps signing beside it for the chosen overlap, so the receiver can switch without a gap. */
export function RotateSecretDialog({ webhook, onClose }: { webhook: WebhookView; onClose: () => void }) {
  const { t } = useTranslation();
  const rotate = useRotateWebhookSecret();
  const [hours, setHours] = useState<string>('24');
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <FixedDialog opened onClose={onClose} title={t(secret ? 'webhooks.secret.title' : 'webhooks.rotateDialog.title')} size="lg">
      {secret ? (
        <SecretShownOnce secret={secret} texts="webhooks.secret" testId="webhook-secret" onClose={onClose} />
      ) : (
        <Stack gap="md">
          <CommandFailureAlert error={rotate.error} onReload={onClose} stale={{ webhook_not_found: 'webhooks.gone' }} />
          <Text size="sm">{t('webhooks.rotateDialog.text')}</Text>
          <Select
            label={t('webhooks.fields.overlap')}
            data={OVERLAP_HOURS.map((value) => ({
              value,
              label: t(value === '0' ? 'webhooks.rotateDialog.noOverlap' : 'webhooks.rotateDialog.hours', { count: Number(value) }),
            }))}
            value={hours}
            onChange={(value) => setHours(value ?? '24')}
            allowDeselect={false}
          />
          <DialogActions onCancel={onClose} busy={rotate.isPending}>
            <Button
              loading={rotate.isPending}
              data-testid="confirm-rotate-secret"
              onClick={() => rotate.mutate({ id: webhook.id, overlapHours: Number(hours) }, { onSuccess: (answer) => setSecret(answer.secret) })}
            >
              {t('webhooks.rotate')}
            </Button>
          </DialogActions>
        </Stack>
      )}
    </FixedDialog>
  );
}
