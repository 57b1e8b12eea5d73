import { Alert, Anchor, Group, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { IconExternalLink, IconMapPin } from '../../../../components/icons';
import { useMapTiles } from '../../../../lib/map-tiles';
import type { Order } from '../../api/get-order';
import { useCountryName } from './use-country-name';

const LocationMap = lazy(() => import('../../../../components/LocationMap'));

type Location = NonNullable<Order['location']>;

/**
 * Where the job takes place on the map, the pin labelled with the site's name and address (at zoom 16 over a tile
 * server's streets, 12 over the shipped basemap's place names: D148), with a link to the same place on the public map.
 * A location without coordinates gets the address instead, so nobody looks for a pin that is not there. The address
 * is also the text beside the map (its alternative for keyboard and screen reader).
 */
export function SiteMap({ location }: { location: Location }) {
  const { t } = useTranslation();
  const tiles = useMapTiles();
  const country = useCountryName();
  const address = [location.addressLine1, [location.postCode, location.city].filter(Boolean).join(' '), country(location.country)].filter(Boolean).join(', ');
  const geo = location.geo;
  if (!geo) {
    return (
      <Alert color="gray" variant="light" icon={<IconMapPin size={18} />} data-testid="no-geolocation">
        {t('orders.detail.map.noPosition', { address })}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Suspense fallback={<Skeleton height={280} radius="md" />}>
        <LocationMap
          position={geo}
          fallbackCenter={geo}
          tileUrl={tiles.tileUrl}
          attribution={tiles.attribution}
          label={t('orders.detail.map.label', { address })}
          pinTitle={location.name}
          pinLabel={[location.name, address].filter(Boolean).join(' · ')}
          pinZoom={tiles.tileUrl ? 16 : 12}
        />
      </Suspense>
      <Anchor
        href={`https://www.openstreetmap.org/?mlat=${geo.lat}&mlon=${geo.lng}#map=16/${geo.lat}/${geo.lng}`}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        w="fit-content"
        data-testid="open-map"
      >
        <Group gap={4} wrap="nowrap" component="span">
          {t('orders.detail.map.open')}
          <IconExternalLink size={14} aria-hidden />
        </Group>
      </Anchor>
    </Stack>
  );
}
