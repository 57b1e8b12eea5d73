import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { ToneBadge } from '../../../components/ToneBadge';
import { useFormat } from '../../../lib/i18n/use-format';
import { usePauseWebhook, useResumeWebhook, type WebhookView } from '../api/webhooks';
import { DeliveryLog } from './DeliveryLog';

export type WebhookDialog = 'kinds' | 'rotate' | 'remove';

/** One endpoint: its address, state, kinds and queue, its actions, and its delivery log on demand. */
export function WebhookCard({ webhook, manage, onDialog }: { webhook: WebhookView; manage: boolean; onDialog: (dialog: WebhookDialog) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const pause = usePauseWebhook();
  const resume = useResumeWebhook();
  const paused = webhook.status === 'PAUSED';
  const logId = `webhook-log-${webhook.id}`;
  return (
    <Paper withBorder p="md" radius="md" data-testid="webhook-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={700} style={{ wordBreak: 'break-all' }} data-testid="webhook-url-text">
            {webhook.url}
          </Text>
          <ToneBadge tone={paused ? (webhook.pausedReason === 'failing' ? 'negative' : 'muted') : 'done'} data-testid="webhook-state">
            {t(paused ? (webhook.pausedReason === 'failing' ? 'webhooks.states.pausedFailing' : 'webhooks.states.paused') : 'webhooks.states.active')}
          </ToneBadge>
        </Group>
        <Text size="sm">
          <Text span c="dimmed">{`${t('webhooks.fields.kinds')}: `}</Text>
          {webhook.kinds.map((kind) => t(`webhooks.kinds.${kind.replace('.', '_')}`)).join(', ')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('webhooks.pending', { count: webhook.pending })}
          {webhook.lastDeliveryAt ? ` · ${t('webhooks.lastDelivery', { date: format.dateTime(webhook.lastDeliveryAt) })}` : ''}
          {webhook.previousSecretUntil ? ` · ${t('webhooks.overlapUntil', { date: format.dateTime(webhook.previousSecretUntil) })}` : ''}
        </Text>
        {paused && webhook.pausedReason === 'failing' ? (
          <Text size="sm" c="red.9">
            {t('webhooks.pausedFailingText')}
          </Text>
        ) : null}
        <CommandFailureAlert
          error={pause.error ?? resume.error}
          onReload={() => (pause.reset(), resume.reset())}
          stale={{ webhook_not_found: 'webhooks.gone' }}
        />
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={logId}
            data-testid="webhook-toggle-log"
          >
            {t(open ? 'webhooks.hideLog' : 'webhooks.showLog')}
          </Button>
          {manage ? (
            <>
              <Button size="compact-sm" variant="subtle" onClick={() => onDialog('kinds')}>
                {t('webhooks.editKinds')}
              </Button>
              {paused ? (
                <Button size="compact-sm" variant="subtle" loading={resume.isPending} onClick={() => resume.mutate(webhook.id)} data-testid="webhook-resume">
                  {t('webhooks.resume')}
                </Button>
              ) : (
                <Button size="compact-sm" variant="subtle" loading={pause.isPending} onClick={() => pause.mutate(webhook.id)} data-testid="webhook-pause">
                  {t('webhooks.pause')}
                </Button>
              )}
              <Button size="compact-sm" variant="subtle" onClick={() => onDialog('rotate')}>
                {t('webhooks.rotate')}
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" c="red.9" onClick={() => onDialog('remove')}>
                {t('webhooks.remove')}
              </Button>
            </>
          ) : null}
        </Group>
        {open ? (
          <Box id={logId}>
            <DeliveryLog webhookId={webhook.id} manage={manage} />
          </Box>
        ) : null}
      </Stack>
    </Paper>
  );
}
