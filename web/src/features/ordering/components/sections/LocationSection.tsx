import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMapTiles } from '../../../../lib/map-tiles';
import type { OrderForm } from '../../model';
import { AddressFields } from './AddressFields';
import { COUNTRY_CENTRES } from './country-centres';
import { NearestPlace } from './NearestPlace';
import { PinControls } from './PinControls';
import type { SectionProps } from './section-props';
import { useNearestPlace } from './use-nearest-place';

const LocationMap = lazy(() => import('../../../../components/LocationMap'));

export function LocationSection({ form, update, errors }: SectionProps) {
  const { t } = useTranslation();
  const maps = useMapTiles();
  const l = form.location;
  const set = (patch: Partial<OrderForm['location']>) => update({ location: { ...l, ...patch } });
  const nearest = useNearestPlace(l, set);
  return (
    <Stack gap="md">
      <AddressFields location={l} set={set} errors={errors} onChoosePlace={nearest.choosePlace} />
      <PinControls
        location={l}
        set={set}
        onRemovePin={() => {
          nearest.dismiss();
          set({ lat: null, lng: null });
        }}
      />
      <NearestPlace
        searching={nearest.searching}
        noneFound={nearest.noneFound}
        proposal={nearest.proposal}
        onAccept={nearest.acceptNearest}
        onKeep={nearest.dismiss}
      />
      <Suspense fallback={<Skeleton height={280} radius="md" />}>
        <LocationMap
          position={l.lat !== null && l.lng !== null ? { lat: l.lat, lng: l.lng } : null}
          fallbackCenter={COUNTRY_CENTRES[l.country] ?? { lat: 50, lng: 10 }}
          tileUrl={maps.tileUrl}
          attribution={maps.attribution}
          label={t('ordering.location.mapLabel')}
          pinTitle={t('ordering.location.pin')}
          onMove={nearest.movePin}
        />
      </Suspense>
    </Stack>
  );
}
