import type { Order } from '../../api/get-order';
import { useCountryName } from './use-country-name';

type Location = NonNullable<Order['location']>;

/** The address of a location, one line each (street, extra line, post code and city, state, country). */
export function AddressLines({ location }: { location: Location }) {
  const country = useCountryName();
  return (
    <>
      <div>{location.addressLine1}</div>
      {location.addressLine2 ? <div>{location.addressLine2}</div> : null}
      <div>{[location.postCode, location.city].filter(Boolean).join(' ')}</div>
      {location.state ? <div>{location.state}</div> : null}
      <div>{country(location.country)}</div>
    </>
  );
}
