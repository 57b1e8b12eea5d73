import { Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Currency } from '@onsite/domain';
import { useTranslation } from 'react-i18next';
import { localized } from '../../../lib/i18n/localized';
import { useFormat } from '../../../lib/i18n/use-format';
import { segmentOf, type Catalogue, type CatalogueService } from '../../../lib/catalogue';

interface ServicePickerProps {
  catalogue: Catalogue;
  /** The currency of the location's country (prices are shown in it); null before a country is chosen. */
  currency: Currency | null;
  /** Ids of the selected services. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
}

function ServiceRow({
  service,
  currency,
  selected,
  onToggle,
}: {
  service: CatalogueService;
  currency: Currency | null;
  selected: boolean;
  onToggle: (selected: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const name = localized(service.name, i18n.language);
  const description = localized(service.description, i18n.language);
  const price = currency ? service.prices[currency] : undefined;

  return (
    <Paper withBorder p="md" bg={selected ? 'accent.0' : undefined} style={selected ? { borderColor: 'var(--mantine-color-accent-3)' } : undefined}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Checkbox
          checked={selected}
          onChange={(event) => onToggle(event.currentTarget.checked)}
          label={
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere', hyphens: 'auto' }}>
              {name}
            </Text>
          }
          description={description || undefined}
          data-service-id={service.id}
          // Long compound names (German) wrap instead of pushing the price out of a phone's width.
          style={{ flex: 1, minWidth: 0 }}
        />
        <Stack gap="xs" align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="sm" fw={600} className="onsite-num" data-testid="service-price">
            {typeof price === 'number' ? t('orders.form.priceFrom', { price: format.money(price, currency ?? '') }) : t('orders.form.priceOnRequest')}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The catalogue grouped by segment; checking a service adds it to the selection. */
export function ServicePicker({ catalogue, currency, value, onChange, error }: ServicePickerProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const groups = [
    ...catalogue.segments.map((segment) => ({
      id: segment.id,
      name: localized(segment.name, i18n.language),
      services: catalogue.services.filter((service) => segmentOf(service) === segment.id),
    })),
    {
      id: '__other',
      name: t('orders.form.otherServices'),
      services: catalogue.services.filter((service) => !catalogue.segments.some((segment) => segment.id === segmentOf(service))),
    },
  ].filter((group) => group.services.length > 0);

  const toggle = (id: string, selected: boolean) => {
    onChange(selected ? [...value.filter((v) => v !== id), id] : value.filter((v) => v !== id));
  };

  const total = currency
    ? value.reduce<number | null>((sum, id) => {
        const price = catalogue.services.find((service) => service.id === id)?.prices[currency];
        return sum === null || typeof price !== 'number' ? null : sum + price;
      }, 0)
    : null;

  if (catalogue.services.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('orders.form.noServices')}
      </Text>
    );
  }

  return (
    <Stack gap="md" role="group" aria-label={t('orders.form.sections.services')} aria-describedby={error ? 'services-error' : undefined}>
      {groups.map((group) => (
        <Stack gap="sm" key={group.id}>
          <Title order={3} size="h4">
            {group.name}
          </Title>
          {group.services.map((service) => (
            <ServiceRow
              key={service.id}
              service={service}
              currency={currency}
              selected={value.includes(service.id)}
              onToggle={(selected) => toggle(service.id, selected)}
            />
          ))}
        </Stack>
      ))}
      {error ? (
        <Text size="sm" c="var(--mantine-color-error)" id="services-error" role="alert">
          {error}
        </Text>
      ) : null}
      {value.length > 0 && total !== null && currency ? (
        <Group justify="flex-end">
          <Text size="sm" c="dimmed">
            {t('orders.form.estimatedTotal')}
          </Text>
          <Text size="sm" fw={700} className="onsite-num" data-testid="estimated-total">
            {format.money(total, currency)}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
