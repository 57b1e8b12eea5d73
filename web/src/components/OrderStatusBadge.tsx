import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStatusLabel } from '../lib/status-label';
import { isOrderStatus, orderStatusLook } from '../lib/order-status';
import { tones } from '../theme';

/** An order status with its label, icon and colour, for the staff screens' tables. */
export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const { tone, Icon } = orderStatusLook(status);
  const colors = tones[tone];
  return (
    <Badge
      size="md"
      variant="outline"
      leftSection={<Icon size={14} />}
      data-status={status ?? 'EMPTY'}
      styles={{
        root: {
          backgroundColor: colors.background,
          color: colors.color,
          borderColor: colors.border,
          textTransform: 'none',
          fontWeight: 600,
          letterSpacing: 0,
          minWidth: 'max-content',
        },
      }}
    >
      {isOrderStatus(status) ? statusLabel(status) : status || t('status.EMPTY')}
    </Badge>
  );
}
