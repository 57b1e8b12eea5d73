import { SimpleGrid, Stack } from '@mantine/core';
import { useOutletContext } from 'react-router';
import type { Order } from '../api/get-order';
import {
  AdditionalInformationBlock,
  CustomerLocationBlock,
  ServicesBlock,
  TimeframesBlock,
} from '../components/QuoteRequestBlocks';

/** The quote-request tab of an order (the index child of order/:refId). */
export function Component() {
  const order = useOutletContext<Order>();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <CustomerLocationBlock order={order} />
        <Stack gap="lg">
          <TimeframesBlock order={order} />
          <AdditionalInformationBlock order={order} />
        </Stack>
      </SimpleGrid>
      <ServicesBlock order={order} />
    </Stack>
  );
}
