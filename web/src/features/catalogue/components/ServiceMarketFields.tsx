import { MultiSelect, NumberInput, SimpleGrid } from '@mantine/core';
import { COUNTRY_CODES } from '@onsite/domain';
import { useTranslation } from 'react-i18next';
import { localizedName } from './texts';
import type { ServiceFormState } from './use-service-form';

/** Where the service is offered: its segments and sub-segments, its countries, and a price per currency of those. */
export function ServiceMarketFields({
  lang,
  form,
  errors,
  set,
  currencies,
  openSegments,
  subSegmentChoices,
}: Pick<ServiceFormState, 'lang' | 'form' | 'errors' | 'set' | 'currencies' | 'openSegments' | 'subSegmentChoices'>) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MultiSelect
          label={t('catalogueAdmin.fields.segments')}
          data={openSegments.map((s) => ({ value: s.id, label: localizedName(s.name, lang) }))}
          value={form.segmentIds}
          onChange={(value) => set('segmentIds', value)}
          required
          searchable
          error={errors.segmentIds}
          data-testid="service-segments"
        />
        <MultiSelect
          label={t('catalogueAdmin.fields.subSegments')}
          data={subSegmentChoices}
          value={form.subSegmentIds.filter((id) => subSegmentChoices.some((c) => c.value === id))}
          onChange={(value) => set('subSegmentIds', value)}
          searchable
          clearable
          error={errors.subSegmentIds}
        />
      </SimpleGrid>
      <MultiSelect
        label={t('catalogueAdmin.fields.countries')}
        description={t('catalogueAdmin.countriesHint')}
        data={COUNTRY_CODES.map((code) => ({ value: code, label: t(`countries.${code}`) }))}
        value={form.countries}
        onChange={(value) => set('countries', value)}
        required
        searchable
        clearable
        error={errors.countries}
        data-testid="service-countries"
      />
      {currencies.length > 0 ? (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="service-prices">
          {currencies.map((currency) => (
            <NumberInput
              key={currency}
              label={t('catalogueAdmin.fields.priceIn', { currency })}
              value={form.prices[currency] ?? ''}
              onChange={(value) => set('prices', { ...form.prices, [currency]: value })}
              min={0}
              decimalScale={2}
              thousandSeparator=" "
              required
              error={errors[`prices.${currency}`]}
              data-testid={`service-price-${currency}`}
            />
          ))}
        </SimpleGrid>
      ) : null}
    </>
  );
}
