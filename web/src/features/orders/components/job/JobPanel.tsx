import { Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { ToneBadge } from '../../../../components/ToneBadge';
import type { Tone } from '../../../../theme';
import { canActAsProvider, isAllowedIn, isReadOnlyActor, jobProgressStepsIn, type Actor } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../../components/Section';
import { useFormat } from '../../../../lib/i18n/use-format';
import type { Order } from '../../api/get-order';
import { Fact } from '../Fact';
import { AddressLines } from '../request/AddressLines';
import { SiteMap } from '../request/SiteMap';
import { useServiceName } from '../request/use-service-name';
import { ExportStatus } from './ExportStatus';
import { MarkBilledDialog } from './MarkBilledDialog';
import { RecordProgressDialog } from './RecordProgressDialog';

type Job = NonNullable<Order['job']>;

/** The status tones of the order list (AA contrast each), so a job reads like its order. */
const JOB_STATUS_TONE: Readonly<Record<Job['status'], Tone>> = {
  CREATED: 'draft',
  PLANNED: 'request',
  IN_PROGRESS: 'job',
  COMPLETED: 'done',
  CLOSED: 'done',
  CANCELED: 'negative',
};

/**
 * The job of an order: its state, where (location name and address), which services, the planned window
 * (location-local), how many technicians and who. Staff who are not acting for
 * a customer may record progress by hand (when the planning tool cannot report) and mark the job billed.
 */
export function JobPanel({ order, job, actor, onReload }: { order: Order; job: Job; actor: Actor | null; onReload: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const serviceName = useServiceName();
  const [dialog, setDialog] = useState<'progress' | 'bill' | null>(null);
  const staff = actor !== null && canActAsProvider(actor) && !actor.onBehalfOf && !isReadOnlyActor(actor);
  const steps = jobProgressStepsIn(order.status);
  const canBill = isAllowedIn('MarkOrderBilled', order.status);
  const reloadAndClose = () => {
    setDialog(null);
    onReload();
  };

  return (
    <Section title={t('orders.job.title')} id="job">
      <Stack gap="md">
        <Group gap="sm">
          <Text size="sm" fw={500}>
            {t('orders.job.state')}
          </Text>
          <ToneBadge tone={JOB_STATUS_TONE[job.status]} data-testid="job-status">
            {t(`orders.job.status.${job.status}`)}
          </ToneBadge>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="job-details">
          <Fact label={t('fields.locationName')} testId="job-location-name">
            {order.location?.name}
          </Fact>
          <Fact label={t('fields.address')}>{order.location ? <AddressLines location={order.location} /> : null}</Fact>
          <Fact label={t('orders.job.serviceTypes')} testId="job-service-types">
            {order.services.length > 0 ? order.services.map((service) => <div key={service.serviceId}>{serviceName(service)}</div>) : null}
          </Fact>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" fw={500}>
              {t('orders.job.schedule')}
            </Text>
            <Text size="sm" data-testid="job-schedule">
              {job.schedule
                ? `${format.localDateTime(job.schedule.from)} – ${format.localDateTime(job.schedule.to)}`
                : t(job.status === 'CREATED' ? 'orders.job.notScheduled' : 'orders.job.noWindowGiven')}
            </Text>
            {job.requestedWindow || job.requestedTeamSize ? (
              <Text size="xs" c="dimmed" data-testid="job-requested">
                {t('orders.job.requested', {
                  count: job.requestedTeamSize ?? 0,
                  window: job.requestedWindow ? `${format.localDateTime(job.requestedWindow.from)} – ${format.localDateTime(job.requestedWindow.to)}` : '—',
                })}
              </Text>
            ) : null}
            {(job.schedule || job.requestedWindow) && order.location?.timeZone ? (
              <Text size="xs" c="dimmed">
                {t('orders.detail.timeZoneNote', { timeZone: order.location.timeZone })}
              </Text>
            ) : null}
          </Stack>
          <Fact label={t('orders.job.teamCount')} testId="job-team-count">
            {format.number(job.team.length)}
          </Fact>
        </SimpleGrid>
        {order.location ? <SiteMap location={order.location} /> : null}
        <Stack gap={4}>
          <Text size="sm" fw={600} component="h3" m={0}>
            {t('orders.job.team')}
          </Text>
          {job.team.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t(job.status === 'CREATED' ? 'orders.job.noTeam' : 'orders.job.noTeamGiven')}
            </Text>
          ) : (
            <List size="sm" data-testid="job-team">
              {job.team.map((member) => (
                <List.Item key={member.id}>{member.name}</List.Item>
              ))}
            </List>
          )}
        </Stack>
        {staff && order.jobExport ? <ExportStatus order={order} /> : null}
        {staff && (steps.length > 0 || canBill) ? (
          <Group gap="sm">
            {steps.length > 0 ? (
              <Button variant="default" onClick={() => setDialog('progress')}>
                {t('orders.job.recordProgress')}
              </Button>
            ) : null}
            {canBill ? <Button onClick={() => setDialog('bill')}>{t('orders.job.markBilled')}</Button> : null}
          </Group>
        ) : null}
        {staff && steps.length > 0 ? (
          <Text size="xs" c="dimmed">
            {t('orders.job.byHandHint')}
          </Text>
        ) : null}
      </Stack>
      {dialog === 'progress' ? <RecordProgressDialog order={order} job={job} steps={steps} onClose={() => setDialog(null)} onReload={reloadAndClose} /> : null}
      {dialog === 'bill' ? <MarkBilledDialog order={order} onClose={() => setDialog(null)} onReload={reloadAndClose} /> : null}
    </Section>
  );
}
