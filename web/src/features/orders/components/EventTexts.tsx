import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderEvent } from '../api/get-order';

/** Whether an event carries something a person wrote (a comment, reasons) to show beside it. */
export function hasEventTexts(event: OrderEvent): boolean {
  return Boolean(event.comment || event.externalComment || event.internalComment || event.reasons?.length);
}

/**
 * What people wrote with an event, each under who it is for: the customer's reasons and comment, the provider's text
 * for the customer, and the internal comment. The api sends the internal comment to staff only; the labels say for whom
 * each text is only to staff (a customer reads their texts without them).
 */
export function EventTexts({ event, staff, size = 'sm' }: { event: OrderEvent; staff: boolean; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  if (!hasEventTexts(event)) return null;
  const line = (label: string | null, value: string, testId: string) => (
    <Text size={size} data-testid={testId} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {label ? (
        <Text span size={size} fw={600}>
          {label}:{' '}
        </Text>
      ) : null}
      {value}
    </Text>
  );
  const reasons = (event.reasons ?? []).map((reason) => t(`orders.reject.reason.${reason}`, { defaultValue: reason })).join(', ');
  return (
    <Stack gap={2} data-testid="event-texts">
      {reasons ? line(t('orders.eventTexts.reasons'), reasons, 'event-reasons') : null}
      {event.comment ? line(staff ? t('orders.eventTexts.comment') : null, event.comment, 'event-comment') : null}
      {event.externalComment ? line(staff ? t('orders.eventTexts.forCustomer') : null, event.externalComment, 'event-external-comment') : null}
      {staff && event.internalComment ? line(t('orders.eventTexts.internal'), event.internalComment, 'event-internal-comment') : null}
    </Stack>
  );
}
