import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { MissingServiceRequestSchema } from '@onsite/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorState } from '../../../components/StatusState';
import { apiRequest } from '../../../lib/api/api-client';
import { useFormat } from '../../../lib/i18n/use-format';

/** What customers asked for that the portfolio lacks (newest first, the staff member's countries). */
export function MissingServicesSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const requests = useQuery({
    queryKey: ['missing-services'],
    queryFn: ({ signal }) => apiRequest('/catalogue/missing-services', { method: 'GET', schema: z.array(MissingServiceRequestSchema), signal }),
  });
  const items = requests.data?.slice(0, 10) ?? [];
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="missing-services-title" data-testid="missing-services">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h3" id="missing-services-title">
            {t('personalPage.missing.title')}
          </Title>
          <Badge variant="light">{requests.data?.length ?? 0}</Badge>
        </Group>
        {requests.isPending ? (
          <Skeleton height={60} />
        ) : requests.isError ? (
          <ErrorState
            title={t('notification.defaultError')}
            description={t('orders.form.catalogueError.text')}
            action={{ label: t('actions.retry'), onClick: () => void requests.refetch() }}
          />
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('personalPage.missing.empty')}
          </Text>
        ) : (
          <Stack gap="sm">
            {items.map((r) => (
              <Stack key={r._id} gap={2} data-testid="missing-service-row">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {r.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {[
                    t('personalPage.missing.by', { name: r.requestedBy.name, company: r.requestedBy.companyName ?? '–' }),
                    t(`countries.${r.country}`, { defaultValue: r.country }),
                    format.dateTime(r.requestedAt),
                    r.contactTime,
                    r.onBehalfOf ? t('personalPage.missing.onBehalf', { name: r.onBehalfOf.name }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
