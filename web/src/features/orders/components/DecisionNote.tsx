import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/i18n/use-format';
import type { Order } from '../api/get-order';
import { EventTexts, hasEventTexts } from './EventTexts';

/**
 * A declined order says who decided and what they wrote, where every reader of the detail looks first: the provider's
 * text for the customer (and, for staff, the internal comment) or the customer's reasons and comment.
 */
export function DecisionNote({ order, staff }: { order: Order; staff: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (order.status !== 'DECLINED') return null;
  const decision = [...(order.events ?? [])].reverse().find((event) => event.event === 'DECLINE' || event.event === 'REJECT');
  if (!decision) return null;
  return (
    <Alert color="gray" variant="light" title={t(`orders.decision.${decision.event}`)} data-testid="decision-note" data-event={decision.event}>
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          {t('orders.decision.on', { name: decision.author?.name ?? '', date: format.dateTime(decision.timestamp) })}
        </Text>
        {hasEventTexts(decision) ? <EventTexts event={decision} staff={staff} /> : null}
      </Stack>
    </Alert>
  );
}
