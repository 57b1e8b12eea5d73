import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { RefusedJobReportListSchema } from '@onsite/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/StatusState';
import { apiRequest } from '../../../lib/api/api-client';
import { useFormat } from '../../../lib/i18n/use-format';

/**
 * Reports of the planning tool that were refused (a job the order does not know, a step its lifecycle does not
 * allow): the tool and the order disagree, and someone has to look. Newest first, the staff member's countries.
 */
export function RefusedReportsSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const refused = useQuery({
    queryKey: ['planning-tool', 'refused-reports'],
    queryFn: ({ signal }) => apiRequest('/planning-tool/refused-reports', { body: {}, schema: RefusedJobReportListSchema, signal }),
  });
  const items = refused.data?.items.slice(0, 10) ?? [];
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="refused-reports-title" data-testid="refused-reports">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h3" id="refused-reports-title">
            {t('personalPage.refused.title')}
          </Title>
          <Badge variant="light">{refused.data?.items.length ?? 0}</Badge>
        </Group>
        {refused.isPending ? (
          <Skeleton height={60} />
        ) : refused.isError ? (
          <ErrorState
            title={t('notification.defaultError')}
            description={t('personalPage.refused.error')}
            action={{ label: t('actions.retry'), onClick: () => void refused.refetch() }}
          />
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('personalPage.refused.empty')}
          </Text>
        ) : (
          <Stack gap="sm">
            {items.map((report, index) => (
              <Stack key={`${report.reportId ?? 'none'}-${index}`} gap={2} data-testid="refused-report-row">
                <Text size="sm">{t('personalPage.refused.row', { step: report.step ?? '–', order: report.orderId ?? '–', code: report.code })}</Text>
                <Text size="xs" c="dimmed">
                  {[report.message, format.dateTime(report.receivedAt)].join(' · ')}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
