import { Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IconRefresh } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { orderQueryKeys } from '../../../lib/orders/order-keys';
import { useProfile } from '../../../lib/session/session';
import { MissingServicesSection } from '../components/MissingServicesSection';
import { RefusedReportsSection } from '../components/RefusedReportsSection';
import { WorkQueueSection } from '../components/WorkQueueSection';

/** The staff member's work queue: what waits for them in their countries, most urgent first. */
export function Component() {
  const { t } = useTranslation();
  const profile = useProfile();
  const queryClient = useQueryClient();
  return (
    <Page
      title={t('personalPage.title')}
      meta={<Text c="dimmed">{t('personalPage.greeting', { name: profile?.firstName ?? '' })}</Text>}
      actions={
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={() => void queryClient.invalidateQueries({ queryKey: orderQueryKeys.works() })}
        >
          {t('orderHistory.refresh')}
        </Button>
      }
    >
      <Stack gap="lg">
        <WorkQueueSection name="quoteRequests" />
        <WorkQueueSection name="expiringOffers" />
        <WorkQueueSection name="failedExports" />
        <WorkQueueSection name="jobsThisWeek" />
        <WorkQueueSection name="changeRequests" />
        <RefusedReportsSection />
        <MissingServicesSection />
      </Stack>
    </Page>
  );
}
