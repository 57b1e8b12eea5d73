import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { GeocodedPlace } from '@onsite/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultTimeZone, SERVED_COUNTRIES, timeZoneNames } from '../../../../lib/i18n/countries';
import type { FieldErrors } from '../../../../lib/forms/forms';
import type { OrderForm } from '../../model';
import { CitySearch } from '../CitySearch';
import { err } from './section-props';

type Location = OrderForm['location'];

/** The location's name, address, country and time zone. */
export function AddressFields({
  location: l,
  set,
  errors,
  onChoosePlace,
}: {
  location: Location;
  set: (patch: Partial<Location>) => void;
  errors: FieldErrors;
  onChoosePlace: (place: GeocodedPlace) => void;
}) {
  const { t } = useTranslation();
  const countries = useMemo(
    () => SERVED_COUNTRIES.map((code) => ({ value: code, label: t(`countries.${code}`) })).sort((a, b) => a.label.localeCompare(b.label)),
    [t],
  );
  const zones = useMemo(() => timeZoneNames(), []);
  const field = (name: 'name' | 'addressLine1' | 'addressLine2' | 'postCode' | 'city' | 'state', label: string, required: boolean, autoComplete?: string) => (
    <TextInput
      label={label}
      required={required}
      value={l[name]}
      onChange={(e) => set({ [name]: e.currentTarget.value, ...(name !== 'name' ? { lat: l.lat, lng: l.lng } : {}) })}
      error={err(errors, `location.${name}`)}
      autoComplete={autoComplete}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {field('name', t('fields.locationName'), true, 'organization')}
      <Select
        label={t('fields.country')}
        required
        searchable
        allowDeselect={false}
        data={countries}
        value={l.country || null}
        onChange={(country) => country && set({ country, timeZone: defaultTimeZone(country), lat: null, lng: null })}
        error={err(errors, 'location.country')}
        nothingFoundMessage={t('orders.form.nothingFound')}
      />
      {field('addressLine1', t('fields.addressLine1'), true, 'address-line1')}
      {field('addressLine2', t('fields.addressLine2'), false, 'address-line2')}
      {field('postCode', t('fields.postCode'), true, 'postal-code')}
      <CitySearch
        label={t('fields.city')}
        country={l.country}
        value={l.city}
        error={err(errors, 'location.city')}
        onChange={(city) => set({ city })}
        onChoose={onChoosePlace}
      />
      {field('state', t('fields.state'), false, 'address-level1')}
      <Select
        label={t('fields.timeZone')}
        description={t('orders.form.timeZoneHint')}
        required
        searchable
        allowDeselect={false}
        limit={100}
        data={zones}
        value={l.timeZone || null}
        onChange={(timeZone) => timeZone && set({ timeZone })}
        error={err(errors, 'location.timeZone')}
        nothingFoundMessage={t('orders.form.nothingFound')}
      />
    </SimpleGrid>
  );
}
