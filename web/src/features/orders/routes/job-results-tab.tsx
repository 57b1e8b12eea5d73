import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { Section } from '../../../components/Section';
import { useFormat } from '../../../lib/i18n/use-format';
import { tones } from '../../../theme';
import { Fact } from '../components/Fact';
import type { OrderOutletContext } from './offer-tab';

const OUTCOME_COLOUR = { COMPLETED: tones.done.color, CLOSED: tones.done.color, CANCELED: tones.negative.color } as const;

/**
 * order/:refId/job-results: what came of the job (D217) — its outcome, when work started and ended, who did it in
 * which window. Shown once the job has an outcome; why a job was cancelled is for staff only.
 */
export function Component() {
  const { order } = useOutletContext<OrderOutletContext>();
  const { t } = useTranslation();
  const format = useFormat();
  const result = order.jobResult;
  if (!result?.outcome) return null;
  const team = order.job?.team ?? [];
  const schedule = order.job?.schedule;
  return (
    <Section title={t('orders.detail.jobResults.title')} id="job-results">
      <Stack gap="md" data-testid="job-results">
        <Text fw={700} size="lg" c={OUTCOME_COLOUR[result.outcome]} data-testid="job-outcome">
          {t(`orders.detail.jobResults.outcome.${result.outcome}`)}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Fact label={t('orders.detail.jobResults.startedAt')}>{format.dateTime(result.startedAt)}</Fact>
          {result.completedAt ? <Fact label={t('orders.detail.jobResults.completedAt')}>{format.dateTime(result.completedAt)}</Fact> : null}
          {result.closedAt ? <Fact label={t('orders.detail.jobResults.closedAt')}>{format.dateTime(result.closedAt)}</Fact> : null}
          {result.cancelledAt ? <Fact label={t('orders.detail.jobResults.cancelledAt')}>{format.dateTime(result.cancelledAt)}</Fact> : null}
          {schedule ? (
            <Fact label={t('orders.detail.jobResults.plannedWindow')}>
              {t('orders.detail.jobResults.window', { from: format.localDateTime(schedule.from), to: format.localDateTime(schedule.to) })}
            </Fact>
          ) : null}
          <Fact label={t('orders.detail.jobResults.team')} testId="job-results-team">
            {team.length > 0 ? team.map((member) => member.name).join(', ') : null}
          </Fact>
        </SimpleGrid>
        {result.cancellationReason ? (
          <Fact label={t('orders.detail.jobResults.reason')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {result.cancellationReason}
            </Text>
          </Fact>
        ) : null}
      </Stack>
    </Section>
  );
}
