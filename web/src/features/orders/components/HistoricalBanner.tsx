import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconClock } from '../../../components/icons';
import { useFormat } from '../../../lib/i18n/use-format';

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
    <Alert
      variant="light"
      icon={<IconClock size={18} />}
      title={t('audit.historical.title')}
      data-testid="historical-banner"
      role="status"
      // Amber, unlike any status colour, with text well above 4.5:1.
      styles={{
        root: { background: '#fff4d6', border: '2px solid #d9a300' },
        title: { color: '#6b4100' },
        icon: { color: '#6b4100' },
        message: { color: '#3d2a00' },
      }}
    >
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
