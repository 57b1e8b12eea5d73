import { Stack } from '@mantine/core';
import { useOutletContext } from 'react-router';
import { actorOf } from '../../../lib/actor';
import { useProfile } from '../../../lib/session';
import { BillingAddressBlock, LocalContactBlock, PurchaseOrderBlock, ToolsBlock } from '../components/order/OrderBlocks';
import type { OrderOutletContext } from './offer-tab';

/** order/:refId/order: the accepted order — its PO, the billing address it was accepted with, and the local contact. */
export function Component() {
  const { order, reload, historical } = useOutletContext<OrderOutletContext>();
  // In the past (time travel) nothing can be done: no actor, no actions.
  const profile = useProfile();
  const actor = historical ? null : actorOf(profile);
  return (
    <Stack gap="lg">
      <PurchaseOrderBlock order={order} actor={actor} onReload={reload} />
      <BillingAddressBlock order={order} />
      <LocalContactBlock order={order} actor={actor} onReload={reload} />
      <ToolsBlock order={order} />
    </Stack>
  );
}
