import type { ComponentProps } from 'react';
import { OrderStatusBadge } from '../../../components/OrderStatusBadge';

/** The orders feature's status badge: the shared one, a size larger by default (lists, detail header, events). */
export function StatusBadge({ status, size = 'md' }: ComponentProps<typeof OrderStatusBadge>) {
  return <OrderStatusBadge status={status} size={size} />;
}
