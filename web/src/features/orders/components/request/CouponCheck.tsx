import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/i18n/use-format';
import type { Order } from '../../api/get-order';

type CouponCheckView = NonNullable<Order['couponCheck']>;

/** Valid is green, not valid yet orange, every other outcome red (D201). */
function couponCheckColor(status: CouponCheckView['status']): string {
  return status === 'valid' ? 'teal.9' : status === 'not_yet_valid' ? 'orange.9' : 'red.9';
}

/** Staff only: the coupon judged at the time of the quote request (D201). */
export function CouponCheck({ check }: { check: CouponCheckView }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack gap={2} align="flex-start" mt={4} data-testid="coupon-check" data-status={check.status}>
      <Badge color={couponCheckColor(check.status)} variant="filled">
        {t(`orders.detail.couponCheck.${check.status}`, {
          date: check.validTo ? format.localDate(check.validTo) : '',
          from: check.validFrom ? format.localDate(check.validFrom) : '',
        })}
      </Badge>
      {check.judgedAt ? (
        <Text size="xs" c="dimmed">
          {t('orders.detail.couponCheck.judgedAt', { date: format.dateTime(check.judgedAt) })}
        </Text>
      ) : null}
    </Stack>
  );
}
