import { Button, Select, SimpleGrid, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import type { JobProgress, JobProgressStep } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker, TimePicker } from '../../../../components/widgets';
import type { Order } from '../../api/get-order';
import { useRecordJobProgress } from '../../api/job-actions';
import { CommandErrorAlert } from '../CommandErrorAlert';
import { DialogActions, FixedDialog } from '../../../../components/FixedDialog';

type Job = NonNullable<Order['job']>;

/** The step that usually follows the job's state, offered first. */
const NEXT_STEP: Readonly<Partial<Record<Job['status'], JobProgressStep>>> = {
  CREATED: 'PLANNED',
  PLANNED: 'IN_PROGRESS',
  IN_PROGRESS: 'COMPLETED',
  COMPLETED: 'CLOSED',
};

/** `2026-12-01` + `08:00` → the location-local `2026-12-01T08:00:00` the order keeps. */
const localDateTime = (date: string | null, time: string | null) => (date && time ? `${date}T${time}:00` : null);

/**
 * Staff record a step of the job by hand — the steps the lifecycle allows now, the same rules as the planning
 * tool's reports. Planned takes the team and the window; cancelled asks why.
 */
export function RecordProgressDialog({
  order: current,
  job,
  steps,
  onClose,
  onReload,
}: {
  order: Order;
  job: Job;
  steps: readonly JobProgressStep[];
  onClose: () => void;
  onReload: () => void;
}) {
  // The order as it was when the dialog opened: live updates may refresh the page behind it, but the decision is
  // about what the user saw, so a change meanwhile is a conflict to reload, never a silent overwrite.
  const [order] = useState(current);
  const { t } = useTranslation();
  const record = useRecordJobProgress();
  const likely = NEXT_STEP[job.status];
  const [step, setStep] = useState<JobProgressStep>(likely && steps.includes(likely) ? likely : steps[0]!);
  const [team, setTeam] = useState<string[]>(job.team.map((member) => member.name));
  const [fromDate, setFromDate] = useState<string | null>(job.schedule?.from.slice(0, 10) ?? null);
  const [fromTime, setFromTime] = useState<string | null>(job.schedule?.from.slice(11, 16) ?? '08:00');
  const [toDate, setToDate] = useState<string | null>(job.schedule?.to.slice(0, 10) ?? null);
  const [toTime, setToTime] = useState<string | null>(job.schedule?.to.slice(11, 16) ?? '17:00');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    setProblem(null);
    const progress: JobProgress = { jobId: job.jobId, step };
    if (step === 'PLANNED') {
      const from = localDateTime(fromDate, fromTime);
      const to = localDateTime(toDate, toTime);
      if ((from === null) !== (to === null) || (from && to && to <= from)) {
        setProblem(t('orders.job.progressDialog.scheduleInvalid'));
        return;
      }
      const byName = new Map(job.team.map((member) => [member.name, member.id]));
      Object.assign(progress, {
        team: team.map((name, index) => ({ id: byName.get(name) ?? `manual-${index + 1}-${name.toLowerCase().replace(/\W+/g, '-')}`, name })),
        ...(from && to ? { schedule: { from, to } } : {}),
      });
    }
    if (step === 'CANCELLED' && reason.trim()) progress.reason = reason.trim();
    record.mutate({ order, progress }, { onSuccess: onClose });
  };

  return (
    <FixedDialog opened onClose={onClose} title={t('orders.job.progressDialog.title')} size="lg">
      <Stack gap="md">
        <CommandErrorAlert error={record.error} onReload={onReload} />
        <Select
          label={t('orders.job.progressDialog.step')}
          data={steps.map((value) => ({ value, label: t(`orders.job.step.${value}`) }))}
          value={step}
          onChange={(value) => value && setStep(value as JobProgressStep)}
          allowDeselect={false}
          data-autofocus
        />
        {step === 'PLANNED' ? (
          <>
            <TagsInput
              label={t('orders.job.progressDialog.team')}
              description={t('orders.job.progressDialog.teamHint')}
              value={team}
              onChange={setTeam}
              maxTags={50}
              clearable
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <DatePicker label={t('fields.dateFrom')} value={fromDate} onChange={setFromDate} allowPast />
              <TimePicker label={t('orders.job.progressDialog.startTime')} value={fromTime} onChange={setFromTime} minuteInterval={15} />
              <DatePicker label={t('fields.dateTo')} value={toDate} onChange={setToDate} allowPast />
              <TimePicker label={t('orders.job.progressDialog.endTime')} value={toTime} onChange={setToTime} minuteInterval={15} />
            </SimpleGrid>
            {order.location?.timeZone ? (
              <Text size="xs" c="dimmed">
                {t('orders.detail.timeZoneNote', { timeZone: order.location.timeZone })}
              </Text>
            ) : null}
          </>
        ) : null}
        {step === 'CANCELLED' ? (
          <Textarea
            label={t('orders.job.progressDialog.reason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={2000}
          />
        ) : null}
        {problem ? (
          <Text size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        ) : null}
        <DialogActions onCancel={onClose} busy={record.isPending}>
          <Button onClick={submit} loading={record.isPending} data-testid="confirm-progress">
            {t('orders.job.progressDialog.confirm')}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}
