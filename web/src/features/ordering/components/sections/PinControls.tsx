import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconInfoCircle } from '../../../../components/icons';
import { useGeocode } from '../../api/ordering';
import type { OrderForm } from '../../model';

type Location = OrderForm['location'];

/** Find the address on the map (or say why not), remove the pin, and where the pin is. */
export function PinControls({ location: l, set, onRemovePin }: { location: Location; set: (patch: Partial<Location>) => void; onRemovePin: () => void }) {
  const { t } = useTranslation();
  const geocode = useGeocode();
  const address = [l.addressLine1, [l.postCode, l.city].filter(Boolean).join(' '), l.country ? t(`countries.${l.country}`) : ''].filter(Boolean).join(', ');
  const outcome = geocode.data?.status ?? (geocode.isError ? 'unavailable' : null);
  const find = () =>
    geocode.mutate(
      { addressLine1: l.addressLine1, postCode: l.postCode, city: l.city, state: l.state || undefined, country: l.country },
      {
        onSuccess: (result) => {
          const first = result.results[0];
          if (first) set({ lat: first.lat, lng: first.lng });
        },
      },
    );
  return (
    <>
      <Group gap="sm" wrap="wrap">
        <Button
          variant="light"
          onClick={find}
          loading={geocode.isPending}
          disabled={!l.country || !(l.city.trim() || l.postCode.trim())}
          data-testid="find-on-map"
        >
          {t('ordering.location.find')}
        </Button>
        {l.lat !== null && l.lng !== null ? (
          <Button variant="subtle" color="gray" onClick={onRemovePin} data-testid="remove-pin">
            {t('ordering.location.removePin')}
          </Button>
        ) : null}
      </Group>
      {outcome === 'unavailable' || outcome === 'not_found' ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle />} data-testid="geocode-fallback">
          {t(outcome === 'unavailable' ? 'ordering.location.unavailable' : 'ordering.location.notFound', { address: address || '—' })}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed">
        {l.lat !== null && l.lng !== null
          ? t('ordering.location.pinned', { latitude: l.lat.toFixed(5), longitude: l.lng.toFixed(5) })
          : t('ordering.location.noPin')}
      </Text>
    </>
  );
}
