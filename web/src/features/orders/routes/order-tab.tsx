import { SimpleGrid, Stack } from '@mantine/core';
import { useOutletContext } from 'react-router';
import { actorOf } from '../../../lib/session/actor';
import { useProfile } from '../../../lib/session/session';
import { OrderContentBlocks } from '../components/request/OrderContentBlocks';
import { BillingAddressBlock, LocalContactBlock, PurchaseOrderBlock, ToolsBlock } from '../components/order/OrderBlocks';
import type { OrderOutletContext } from './offer-tab';

/**
 * order/:refId/order: the accepted order — its PO and the billing address it was accepted with, what was ordered
 * (location, time, services and equipment), the local contact and the two tools panels.
 */
export function Component() {
  const { order, reload, historical } = useOutletContext<OrderOutletContext>();
  // In the past (time travel) nothing can be done: no actor, no actions.
  const profile = useProfile();
  const actor = historical ? null : actorOf(profile);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PurchaseOrderBlock order={order} actor={actor} onReload={reload} />
        <BillingAddressBlock order={order} />
      </SimpleGrid>
      {/* The contact on site is the local contact block below, where it can be changed. */}
      <OrderContentBlocks order={order} withContactOnSite={false} />
      <ToolsBlock order={order} />
      <LocalContactBlock order={order} actor={actor} onReload={reload} />
    </Stack>
  );
}
