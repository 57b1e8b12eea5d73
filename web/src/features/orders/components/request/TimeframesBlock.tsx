import { Alert, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle } from '../../../../components/icons';
import { Section } from '../../../../components/Section';
import { useFormat } from '../../../../lib/i18n/use-format';
import type { Order } from '../../api/get-order';
import { Fact } from '../Fact';
import { ScheduleTables } from './ScheduleTables';

export function TimeframesBlock({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const frames = order.timeframes ?? [];
  return (
    <Section title={t('orders.detail.timeframes')} id="timeframes">
      {frames.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('orders.detail.noTimeframes')}
        </Text>
      ) : (
        <Stack gap="sm">
          {frames.map((frame, index) => (
            <Group key={`${frame.from}-${frame.to}`} gap="lg" wrap="wrap" align="flex-start">
              <Fact label={t(index === 0 ? 'orders.detail.preferred' : 'orders.detail.alternative')}>
                {t(`timeframeType.${frame.type ?? 'FIXED'}`, { defaultValue: frame.type ?? '' })}
              </Fact>
              <Fact label={t('fields.dateFrom')}>{format.localDateTime(frame.from)}</Fact>
              <Fact label={t('fields.dateTo')}>{format.localDateTime(frame.to)}</Fact>
            </Group>
          ))}
          {order.location?.timeZone ? (
            <Text size="xs" c="dimmed">
              {t('orders.detail.timeZoneNote', { timeZone: order.location.timeZone })}
            </Text>
          ) : null}
          <ScheduleTables order={order} />
          {order.shortNotice ? (
            // The rule of the ordering form, recorded when the customer submitted.
            <Alert color="orange" variant="light" icon={<IconAlertCircle />} data-testid="short-notice">
              <Text size="sm" fw={700}>
                {t('orders.detail.shortNotice.title')}
              </Text>
              <Text size="sm">{t('orders.detail.shortNotice.text', { count: order.shortNotice.hoursToStart })}</Text>
            </Alert>
          ) : null}
        </Stack>
      )}
    </Section>
  );
}
