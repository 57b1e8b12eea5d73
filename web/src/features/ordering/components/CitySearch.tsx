import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { GeocodedPlace } from '@onsite/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlaceSuggestions } from '../api/ordering';

export interface CitySearchProps {
  readonly label: string;
  readonly country: string;
  readonly value: string;
  readonly error?: string;
  /** What the person types: kept as typed. */
  readonly onChange: (city: string) => void;
  /** A place the person chose from the suggestions. */
  readonly onChoose: (place: GeocodedPlace) => void;
}

/**
 * The location's city, with the places of its country that start with what the person types (the shipped gazetteer,
 * D146): a slow answer shows a loader and "searching", no match says so, and nothing but the typed text is written
 * until the person chooses a place.
 */
export function CitySearch({ label, country, value, error, onChange, onChoose }: CitySearchProps) {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  // Suggestions follow typing, not a city set by choosing a place (or loaded with a draft).
  const [typing, setTyping] = useState(false);
  const [query] = useDebouncedValue(value.trim(), 200);
  const suggestions = usePlaceSuggestions(country, query, typing);
  const searching = typing && query.length >= 2 && (suggestions.isFetching || query !== value.trim());
  const answered = suggestions.data && !suggestions.isPlaceholderData ? suggestions.data : null;
  const places = suggestions.data?.results ?? [];
  const countryName = country ? t(`countries.${country}`, { defaultValue: country.toUpperCase() }) : '';

  const status = !country
    ? t('ordering.location.search.chooseCountry')
    : searching && places.length === 0
      ? t('ordering.location.search.searching')
      : answered?.status === 'unavailable' || suggestions.isError
        ? t('ordering.location.search.unavailable')
        : answered && places.length === 0
          ? t('ordering.location.search.noMatch', { query, country: countryName })
          : null;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(index) => {
        const place = places[Number(index)];
        if (place) {
          setTyping(false);
          onChoose(place);
        }
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          required
          value={value}
          error={error}
          autoComplete="off"
          data-testid="city-search"
          onChange={(event) => {
            onChange(event.currentTarget.value);
            setTyping(true);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => typing && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={searching ? <Loader size={16} aria-hidden /> : null}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!typing || query.length < 2} data-testid="city-suggestions">
        <Combobox.Options aria-label={t('ordering.location.search.label', { country: countryName })}>
          {places.map((place, index) => (
            <Combobox.Option value={String(index)} key={`${place.label}-${place.lat}-${place.lng}`}>
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Text size="sm">{[place.postCode, place.label].filter(Boolean).join(' ')}</Text>
                <Text size="xs" c="dimmed">
                  {[place.state, countryName].filter(Boolean).join(', ')}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
          {status ? <Combobox.Empty data-testid="city-search-status">{status}</Combobox.Empty> : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
