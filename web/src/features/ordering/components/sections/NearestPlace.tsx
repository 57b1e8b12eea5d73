import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { GeocodedPlace } from '@onsite/contracts';
import { useTranslation } from 'react-i18next';
import { IconInfoCircle } from '../../../../components/icons';

/** The place nearest to the pin, offered to take over as the address's city and post code (or that none was found). */
export function NearestPlace({
  searching,
  noneFound,
  proposal,
  onAccept,
  onKeep,
}: {
  searching: boolean;
  noneFound: boolean;
  proposal: GeocodedPlace | null;
  onAccept: (place: GeocodedPlace) => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation();
  if (searching) {
    return (
      <Text size="sm" c="dimmed" data-testid="nearest-place-pending">
        {t('ordering.location.nearest.searching')}
      </Text>
    );
  }
  if (proposal) {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconInfoCircle />}
        data-testid="nearest-place"
        title={t('ordering.location.nearest.title', { place: proposal.label })}
      >
        <Stack gap="xs">
          <Text size="sm">{t('ordering.location.nearest.text', { place: [proposal.postCode, proposal.city].filter(Boolean).join(' ') })}</Text>
          <Group gap="sm">
            <Button size="xs" onClick={() => onAccept(proposal)} data-testid="use-nearest-place">
              {t('ordering.location.nearest.use', { place: proposal.city })}
            </Button>
            <Button size="xs" variant="default" onClick={onKeep}>
              {t('ordering.location.nearest.keep')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return noneFound ? (
    <Text size="sm" c="dimmed" data-testid="nearest-place-none">
      {t('ordering.location.nearest.none')}
    </Text>
  ) : null;
}
