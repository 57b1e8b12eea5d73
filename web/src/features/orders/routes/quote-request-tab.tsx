import { Stack } from '@mantine/core';
import { useOutletContext } from 'react-router';
import { OrderContentBlocks } from '../components/request/OrderContentBlocks';
import { BillingAddressBlock } from '../components/order/OrderBlocks';
import type { OrderOutletContext } from './offer-tab';

/** The quote-request tab of an order (the index child of order/:refId); the billing address once it has an id. */
export function Component() {
  const { order } = useOutletContext<OrderOutletContext>();
  return (
    <Stack gap="lg">
      <OrderContentBlocks order={order} />
      {order.billingAddress?.id ? <BillingAddressBlock order={order} /> : null}
    </Stack>
  );
}
