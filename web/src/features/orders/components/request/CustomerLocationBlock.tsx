import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../../components/Section';
import type { Order } from '../../api/get-order';
import { Fact } from '../Fact';
import { AddressLines } from './AddressLines';
import { SiteMap } from './SiteMap';
import { useCountryName } from './use-country-name';

export function CustomerLocationBlock({ order }: { order: Order }) {
  const { t } = useTranslation();
  const country = useCountryName();
  const location = order.location;
  return (
    <Section title={t('orders.detail.customerLocation')} id="customer-location">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Fact label={t('fields.customer')}>{[order.customer?.name, country(order.customer?.country)].filter(Boolean).join(', ')}</Fact>
        <Fact label={t('fields.locationName')}>{location?.name}</Fact>
        <Fact label={t('fields.address')}>{location ? <AddressLines location={location} /> : null}</Fact>
        <Fact label={t('fields.timeZone')}>{location?.timeZone}</Fact>
        {location?.remarks ? (
          <Fact label={t('fields.remarks')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {location.remarks}
            </Text>
          </Fact>
        ) : null}
      </SimpleGrid>
      {location ? <SiteMap location={location} /> : null}
    </Section>
  );
}
