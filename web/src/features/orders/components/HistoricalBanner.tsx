import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconClock } from '../../../components/icons';
import { useFormat } from '../../../lib/use-format';

export interface Historical {
  readonly asOf?: string | null;
  readonly asOfVersion: number;
  readonly latestVersion: number;
}

/** Says loudly that the page shows the order as it was at a past moment, and leads back to the present. */
export function HistoricalBanner({ historical, onBackToNow }: { historical: Historical; onBackToNow: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Alert color="yellow" variant="light" icon={<IconClock size={18} />} title={t('audit.historical.title')} data-testid="historical-banner" role="status">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          {historical.asOf
            ? t('audit.historical.asOf', { date: format.dateTime(historical.asOf), version: historical.asOfVersion, latest: historical.latestVersion })
            : t('audit.historical.asOfVersion', { version: historical.asOfVersion, latest: historical.latestVersion })}
        </Text>
        <Button size="xs" variant="filled" color="dark" onClick={onBackToNow}>
          {t('audit.historical.backToNow')}
        </Button>
      </Group>
    </Alert>
  );
}
