import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isOrderStatus, orderStatusLook } from '../lib/orders/order-status';
import { useStatusLabel } from '../lib/orders/status-label';
import { tones } from '../theme';

const BADGE_SIZE = { sm: 'md', md: 'lg', lg: 'xl' } as const;

/** An order status with its label, icon and colour: the same wherever a status shows (lists, detail header, events, staff tables). */
export function OrderStatusBadge({ status, size = 'sm' }: { status: string | null | undefined; size?: keyof typeof BADGE_SIZE }) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const { tone, Icon } = orderStatusLook(status);
  const colors = tones[tone];
  return (
    <Badge
      size={BADGE_SIZE[size]}
      variant="outline"
      leftSection={<Icon size={size === 'lg' ? 16 : 14} />}
      data-status={status ?? 'EMPTY'}
      styles={{
        root: {
          backgroundColor: colors.background,
          color: colors.color,
          borderColor: colors.border,
          textTransform: 'none',
          fontWeight: 600,
          letterSpacing: 0,
          // A label is never cut to 'Ange…': the table scrolls instead.
          minWidth: 'max-content',
        },
      }}
    >
      {isOrderStatus(status) ? statusLabel(status) : status || t('status.EMPTY')}
    </Badge>
  );
}
