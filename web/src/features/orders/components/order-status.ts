import { BL_STATUS_FILTER, CUSTOMER_STATUS_FILTER, DEFAULT_STATUS_FILTER, type OrderStatus, type UserType } from '@onsite/domain';

export { isOrderStatus, NO_STATUS, orderStatusLook as statusLook, STATUS_LOOK } from '../../../lib/orders/order-status';

/** The default selection plus INCOMPLETE, so a customer's drafts show. */
export const DEFAULT_STATUS_SELECTION: readonly OrderStatus[] = [...DEFAULT_STATUS_FILTER, 'INCOMPLETE'];

/**
 * The filter buttons a user sees (the staff set for BL, the customer set otherwise) and
 * which of them start selected: only defaults the user can also switch off.
 */
export function statusFilterFor(type: UserType | undefined) {
  const options = type === 'BL' ? BL_STATUS_FILTER : CUSTOMER_STATUS_FILTER;
  return { options, defaults: options.filter((status) => DEFAULT_STATUS_SELECTION.includes(status)) };
}
