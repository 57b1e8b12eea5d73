import { SimpleGrid, Stack } from '@mantine/core';
import type { Order } from '../../api/get-order';
import { AdditionalInformationBlock } from './AdditionalInformationBlock';
import { CustomerLocationBlock } from './CustomerLocationBlock';
import { EquipmentBlock } from './EquipmentBlock';
import { ServicesBlock } from './ServicesBlock';
import { TimeframesBlock } from './TimeframesBlock';

/**
 * What the customer asked for, as the quote-request and order tabs both show it (D40): customer and location
 * with the map, the time, the additional information (with the contact on site, unless the tab shows it to edit), the
 * services and the equipment.
 */
export function OrderContentBlocks({ order, withContactOnSite = true }: { order: Order; withContactOnSite?: boolean }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <CustomerLocationBlock order={order} />
        <Stack gap="lg">
          <TimeframesBlock order={order} />
          <AdditionalInformationBlock order={order} withContactOnSite={withContactOnSite} />
        </Stack>
      </SimpleGrid>
      <ServicesBlock order={order} />
      <EquipmentBlock order={order} />
    </>
  );
}
