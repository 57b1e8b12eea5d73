import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../lib/notify';
import { useFormat } from '../../../../lib/i18n/use-format';
import type { Order } from '../../api/get-order';
import { useRetryExport } from '../../api/job-actions';
import { CommandErrorAlert } from '../CommandErrorAlert';

/** Staff: where the job specification's export to the planning tool stands, and 'retry' once it finally failed. */
export function ExportStatus({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const retry = useRetryExport();
  const state = order.jobExport;
  if (!state) return null;
  if (state.status !== 'failed') {
    return (
      <Text size="sm" c={state.status === 'exported' ? 'teal.9' : 'dimmed'} data-testid="export-status">
        {t(`orders.job.export.${state.status}`, { date: format.dateTime(state.updatedAt) })}
      </Text>
    );
  }
  return (
    <Alert color="red" variant="light" title={t('orders.job.export.failedTitle')} data-testid="export-status">
      <Text size="sm">{t('orders.job.export.failed', { count: state.attempts, reason: state.lastError ?? '—' })}</Text>
      <CommandErrorAlert error={retry.error} onReload={() => retry.reset()} />
      <Group mt="sm">
        <Button
          size="xs"
          loading={retry.isPending}
          onClick={() => retry.mutate({ order }, { onSuccess: () => notify('success', t('orders.job.export.retried')) })}
          data-testid="retry-export"
        >
          {t('orders.job.export.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
