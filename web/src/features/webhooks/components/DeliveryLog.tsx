import { Button, Group, Paper, ScrollArea, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { ErrorState } from '../../../components/StatusState';
import { ToneBadge } from '../../../components/ToneBadge';
import { notify } from '../../../lib/notify';
import { useFormat } from '../../../lib/i18n/use-format';
import type { Tone } from '../../../theme';
import { useResendDelivery, useWebhookDeliveries, type WebhookDeliveryView } from '../api/webhooks';

type DeliveryState = 'delivered' | 'waiting' | 'failing';
const STATE_TONES: Record<DeliveryState, Tone> = { delivered: 'done', waiting: 'request', failing: 'negative' };
const stateOf = (d: WebhookDeliveryView): DeliveryState => (d.status === 'DELIVERED' ? 'delivered' : d.lastError ? 'failing' : 'waiting');

/** An endpoint's delivery log, newest first: each message's state, attempts and last error, and 'send again'. */
export function DeliveryLog({ webhookId, manage }: { webhookId: string; manage: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const phone = useMediaQuery('(max-width: 48em)');
  const deliveries = useWebhookDeliveries(webhookId);
  const resend = useResendDelivery();

  if (deliveries.isPending)
    return (
      <Stack gap="xs" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={32} />
        ))}
      </Stack>
    );
  if (deliveries.isError)
    return (
      <ErrorState
        title={t('webhooks.log.loadError')}
        description={t('webhooks.loadErrorText')}
        action={{ label: t('actions.retry'), onClick: () => void deliveries.refetch() }}
      />
    );
  const rows = deliveries.data.deliveries;
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="webhook-log-empty">
        {t('webhooks.log.empty')}
      </Text>
    );

  const kind = (d: WebhookDeliveryView) => t(`webhooks.kinds.${d.kind.replace('.', '_')}`);
  const badge = (d: WebhookDeliveryView) => <ToneBadge tone={STATE_TONES[stateOf(d)]}>{t(`webhooks.log.states.${stateOf(d)}`)}</ToneBadge>;
  const lastAttempt = (d: WebhookDeliveryView) => (d.lastAttemptAt ? format.dateTime(d.lastAttemptAt) : t('webhooks.log.notYet'));
  const action = (d: WebhookDeliveryView) =>
    manage ? (
      <Button
        size="compact-sm"
        variant="subtle"
        loading={resend.isPending && resend.variables?.deliveryId === d.id}
        aria-label={t('webhooks.log.sendAgainFor', { kind: kind(d), ref: d.orderRef })}
        onClick={() => resend.mutate({ id: webhookId, deliveryId: d.id }, { onSuccess: () => notify('success', t('webhooks.log.sentAgain')) })}
      >
        {t('webhooks.log.sendAgain')}
      </Button>
    ) : null;

  const body = phone ? (
    <Stack gap="sm">
      {rows.map((d) => (
        <Paper key={d.id} withBorder p="sm" radius="md" data-testid="webhook-delivery">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700} size="sm">
                {kind(d)}
              </Text>
              {badge(d)}
            </Group>
            <Text size="sm">
              <Text span c="dimmed">{`${t('webhooks.log.order')}: `}</Text>
              {d.orderRef}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">{`${t('webhooks.log.attempts')}: `}</Text>
              {format.number(d.attempts)} · {lastAttempt(d)}
            </Text>
            {d.lastError ? (
              <Text size="sm" c="red.9" style={{ wordBreak: 'break-word' }}>
                {d.lastError}
              </Text>
            ) : null}
            <Group justify="flex-end">{action(d)}</Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  ) : (
    <ScrollArea type="auto">
      <Table striped miw={820} data-testid="webhook-log-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('webhooks.log.event')}</Table.Th>
            <Table.Th>{t('webhooks.log.order')}</Table.Th>
            <Table.Th>{t('webhooks.log.occurred')}</Table.Th>
            <Table.Th>{t('webhooks.log.state')}</Table.Th>
            <Table.Th>{t('webhooks.log.attempts')}</Table.Th>
            <Table.Th>{t('webhooks.log.lastAttempt')}</Table.Th>
            <Table.Th>{t('webhooks.log.lastError')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('webhooks.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
            <Table.Tr key={d.id} data-testid="webhook-delivery">
              <Table.Td fw={600}>{kind(d)}</Table.Td>
              <Table.Td className="onsite-nowrap">{d.orderRef}</Table.Td>
              <Table.Td className="onsite-nowrap">{format.dateTime(d.occurredAt)}</Table.Td>
              <Table.Td>{badge(d)}</Table.Td>
              <Table.Td>{format.number(d.attempts)}</Table.Td>
              <Table.Td className="onsite-nowrap">{lastAttempt(d)}</Table.Td>
              <Table.Td>
                <Text size="sm" c={d.lastError ? 'red.9' : 'dimmed'} style={{ wordBreak: 'break-word' }}>
                  {d.lastError ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>{action(d)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
  return (
    <Stack gap="xs">
      <CommandFailureAlert
        error={resend.error}
        onReload={() => resend.reset()}
        stale={{ webhook_not_found: 'webhooks.gone', delivery_not_found: 'webhooks.gone' }}
      />
      {body}
    </Stack>
  );
}
