import type { GeocodedPlace } from '@onsite/contracts';
import { useState } from 'react';
import { useReverseGeocode } from '../../api/ordering';
import type { OrderForm } from '../../model';

type Location = OrderForm['location'];

const sameText = (a: string, b: string) => a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'accent' }) === 0;

/**
 * The pin on the map and the place nearest to it: moving the pin looks the place up, which is proposed and written
 * only when the person accepts it.
 */
export function useNearestPlace(l: Location, set: (patch: Partial<Location>) => void) {
  const reverse = useReverseGeocode();
  const [nearest, setNearest] = useState<GeocodedPlace | null>(null);
  const movePin = (at: { lat: number; lng: number }) => {
    set({ lat: at.lat, lng: at.lng });
    setNearest(null);
    reverse.mutate(
      { lat: at.lat, lng: at.lng, ...(l.country ? { country: l.country } : {}) },
      { onSuccess: (result) => setNearest(result.results[0] ?? null) },
    );
  };
  const choosePlace = (place: GeocodedPlace) => {
    setNearest(null);
    set({ city: place.city ?? l.city, postCode: place.postCode ?? l.postCode, lat: place.lat, lng: place.lng });
  };
  const acceptNearest = (place: GeocodedPlace) => {
    setNearest(null);
    const city = place.city ?? l.city;
    // A new city's old post code would be wrong: it is cleared unless the place brings its own.
    set({ city, postCode: place.postCode ?? (sameText(city, l.city) ? l.postCode : '') });
  };
  const proposal = nearest && nearest.city && !(sameText(nearest.city, l.city) && (!nearest.postCode || nearest.postCode === l.postCode)) ? nearest : null;
  return {
    /** Looking the place up. */
    searching: reverse.isPending,
    /** The lookup found no place near the pin. */
    noneFound: reverse.data?.status === 'not_found',
    proposal,
    movePin,
    choosePlace,
    acceptNearest,
    dismiss: () => setNearest(null),
  };
}
