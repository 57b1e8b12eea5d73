import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStatusLabel } from '../../../lib/status-label';
import { tones } from '../../../theme';
import { isOrderStatus, statusLook } from './order-status';

const BADGE_SIZE = { sm: 'md', md: 'lg', lg: 'xl' } as const;

/** The same label, icon and colour wherever a status shows (lists, detail header, events). */
export function StatusBadge({ status, size = 'md' }: { status: string | null | undefined; size?: keyof typeof BADGE_SIZE }) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const { tone, Icon } = statusLook(status);
  const colors = tones[tone];
  const label = isOrderStatus(status) ? statusLabel(status) : status || t('status.EMPTY');
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
      {label}
    </Badge>
  );
}
