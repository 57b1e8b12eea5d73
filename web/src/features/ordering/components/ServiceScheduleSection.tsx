import { Alert, Button, Group, Loader, Modal, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { scheduledDayProblems, type ScheduledDay, type ServiceSchedule, type TimeFrame } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle, IconClock } from '../../../components/icons';
import { ServiceScheduleTable, weekdayOf } from '../../../components/ServiceScheduleTable';
import { TimePicker } from '../../../components/widgets';
import { translateFieldError, type FieldErrors } from '../../../lib/forms/forms';
import { useFormat } from '../../../lib/i18n/use-format';
import { applyScheduleEdits, scheduleKey, type OrderForm, type ScheduleDayEdit, type ScheduleEdits } from '../model';

/** The all-days edit starts from the day-time slider's default (09:00–18:00). */
const ALL_DAYS_DEFAULT: ScheduleDayEdit = { from: '09:00', to: '18:00', overMidnight: false, workDay: true };

export interface ServiceScheduleSectionProps {
  readonly form: OrderForm;
  readonly update: (patch: Partial<OrderForm>) => void;
  readonly errors: FieldErrors;
  /** The preferred frame as the api reads it; null while it is not complete. */
  readonly frame: TimeFrame | null;
  readonly generated: { readonly data?: ServiceSchedule[]; readonly isFetching: boolean; readonly isError: boolean };
  readonly nameOf: (serviceId: string) => string;
}

type Editing = { readonly serviceId: string; readonly day: ScheduledDay | null };

const editOf = (day: ScheduledDay): ScheduleDayEdit => ({
  from: day.dateTimeFrom.slice(11, 16),
  to: day.dateTimeTo.slice(11, 16),
  overMidnight: day.isOverMidnight,
  workDay: day.isWorkDay,
});

/** The service schedule of the preferred time frame (D216): a table per service, each day editable in a dialog. */
export function ServiceScheduleSection({ form, update, errors, frame, generated, nameOf }: ServiceScheduleSectionProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const edits = form.scheduleEdits ?? {};
  const schedules = generated.data ? applyScheduleEdits(generated.data, edits) : [];
  const serverError = translateFieldError(errors['frames.0.schedule']);

  const save = (serviceId: string, changes: ScheduleEdits) => {
    update({ scheduleEdits: { ...edits, ...changes } });
    setEditing(null);
  };
  const reset = (serviceId: string) => update({ scheduleEdits: Object.fromEntries(Object.entries(edits).filter(([key]) => !key.startsWith(`${serviceId} `))) });

  return (
    <Stack gap="sm" data-testid="schedule-section">
      <Group gap="xs">
        <IconClock size={18} />
        <Text fw={600}>{t('schedule.title')}</Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('schedule.hint')}
      </Text>
      {serverError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" data-testid="schedule-error">
          {serverError}
        </Alert>
      ) : null}
      {!frame || form.services.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="schedule-waiting">
          {t('schedule.waiting')}
        </Text>
      ) : generated.isError ? (
        <Text size="sm" c="dimmed">
          {t('schedule.unavailable')}
        </Text>
      ) : !generated.data ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('schedule.loading')}
          </Text>
        </Group>
      ) : (
        schedules.map((schedule) => {
          const edited = Object.keys(edits).some((key) => key.startsWith(`${schedule.serviceTypeId} `));
          return (
            <Stack key={schedule.serviceTypeId} gap="xs">
              <ServiceScheduleTable
                schedule={schedule}
                title={nameOf(schedule.serviceTypeId)}
                onEdit={(day) => setEditing({ serviceId: schedule.serviceTypeId, day })}
              />
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => setEditing({ serviceId: schedule.serviceTypeId, day: null })}>
                  {t('schedule.editAll')}
                </Button>
                {edited ? (
                  <Button size="xs" variant="subtle" onClick={() => reset(schedule.serviceTypeId)}>
                    {t('schedule.reset')}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          );
        })
      )}
      {editing && frame ? (
        <DayEditDialog
          editing={editing}
          schedule={schedules.find((s) => s.serviceTypeId === editing.serviceId)!}
          frame={frame}
          timeZone={form.location.timeZone}
          service={nameOf(editing.serviceId)}
          onCancel={() => setEditing(null)}
          onSave={(changes) => save(editing.serviceId, changes)}
        />
      ) : null}
    </Stack>
  );
}

/** The time-edit dialog: one day (or every working day of the service) — work or not, from, to, over midnight, in 15-minute steps. */
function DayEditDialog({
  editing,
  schedule,
  frame,
  timeZone,
  service,
  onCancel,
  onSave,
}: {
  editing: Editing;
  schedule: ServiceSchedule;
  frame: TimeFrame;
  timeZone: string;
  service: string;
  onCancel: () => void;
  onSave: (changes: ScheduleEdits) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [value, setValue] = useState<ScheduleDayEdit>(editing.day ? editOf(editing.day) : ALL_DAYS_DEFAULT);
  const [problems, setProblems] = useState<{ from?: string; to?: string; other?: string }>({});
  const days = editing.day ? [editing.day] : schedule.dates.filter((d) => d.isWorkDay);
  const title = editing.day
    ? t('schedule.dialog.titleDay', { day: `${t(`schedule.weekdays.${weekdayOf(editing.day.dateTimeFrom)}`)} ${format.localDate(editing.day.dateTimeFrom)}` })
    : t('schedule.dialog.titleAll');

  const submit = () => {
    const changes: ScheduleEdits = {};
    for (const day of days) {
      const date = day.dateTimeFrom.slice(0, 10);
      const change = editing.day ? value : { ...value, workDay: true };
      const [edited] = applyScheduleEdits([{ ...schedule, dates: [day] }], { [scheduleKey(schedule.serviceTypeId, date)]: change })[0]!.dates;
      const found = change.workDay ? scheduledDayProblems(edited!, frame, timeZone) : [];
      if (found.length > 0) {
        const message = (code: string) => t(`validation.${code}`);
        const from = found.find((p) => p.path === 'dateTimeFrom');
        const to = found.find((p) => p.path === 'dateTimeTo');
        setProblems({
          ...(from ? { from: message(from.code) } : {}),
          ...(to ? { to: message(to.code) } : {}),
          ...(editing.day ? {} : { other: t('schedule.dialog.dayProblem', { day: format.localDate(day.dateTimeFrom) }) }),
        });
        return;
      }
      changes[scheduleKey(schedule.serviceTypeId, date)] = change;
    }
    onSave(changes);
  };

  return (
    <Modal opened onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': t('actions.close') }}>
      <Stack gap="sm" data-testid="schedule-dialog">
        <Text size="sm" c="dimmed">
          {service}
        </Text>
        {editing.day ? (
          <Switch
            label={t('schedule.dialog.workDay')}
            checked={value.workDay}
            onChange={(event) => {
              const workDay = event.currentTarget.checked;
              setValue((current) => ({ ...current, workDay }));
              setProblems({});
            }}
          />
        ) : (
          <Text size="sm">{t('schedule.dialog.allHint', { count: days.length })}</Text>
        )}
        {value.workDay ? (
          <>
            <SimpleGrid cols={2} spacing="sm">
              <TimePicker
                label={t('fields.timeFrom')}
                required
                minuteInterval={15}
                value={value.from}
                onChange={(from) => {
                  setValue((current) => ({ ...current, from: from ?? current.from }));
                  setProblems({});
                }}
                error={problems.from}
              />
              <TimePicker
                label={t('fields.timeTo')}
                required
                minuteInterval={15}
                value={value.to}
                onChange={(to) => {
                  setValue((current) => ({ ...current, to: to ?? current.to }));
                  setProblems({});
                }}
                error={problems.to}
              />
            </SimpleGrid>
            <Switch
              label={t('schedule.overMidnight')}
              description={t('schedule.dialog.overMidnightHint')}
              checked={value.overMidnight}
              onChange={(event) => {
                const overMidnight = event.currentTarget.checked;
                setValue((current) => ({ ...current, overMidnight }));
                setProblems({});
              }}
            />
          </>
        ) : null}
        {problems.other ? (
          <Text size="sm" c="red" role="alert">
            {problems.other}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={submit} data-testid="schedule-dialog-save">
            {t('schedule.dialog.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
