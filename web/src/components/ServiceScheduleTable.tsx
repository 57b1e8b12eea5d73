import { ActionIcon, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ScheduledDay, ServiceSchedule } from '@onsite/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/i18n/use-format';
import { tones } from '../theme';
import { IconPencil } from './icons';

/** What kind of day a scheduled day is, as the table names it. */
export function dayKindOf(day: ScheduledDay): 'workDay' | 'holidayWorked' | 'holiday' | 'weekend' | 'dayOff' {
  if (day.isWorkDay) return day.isHoliday ? 'holidayWorked' : 'workDay';
  if (day.isHoliday) return 'holiday';
  return isWeekend(day.dateTimeFrom) ? 'weekend' : 'dayOff';
}

/** ISO weekday of a local date-time: 1 = Monday … 7 = Sunday. */
export function weekdayOf(local: string): number {
  return ((new Date(`${local.slice(0, 10)}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

const isWeekend = (local: string) => weekdayOf(local) >= 6;

/** The theme's tones, which keep 4.5:1 on white and on a striped row. */
const KIND_COLOUR = {
  workDay: tones.done.color,
  holidayWorked: tones.job.color,
  holiday: tones.job.color,
  weekend: tones.muted.color,
  dayOff: tones.muted.color,
} as const;

export interface ServiceScheduleTableProps {
  readonly schedule: ServiceSchedule;
  /** The service as the reader's language names it. */
  readonly title: string;
  /** Offers the time-edit dialog for a day (while ordering); read-only without. */
  readonly onEdit?: (day: ScheduledDay) => void;
}

/** The days of one service (D216): date, kind of day, from, to, over midnight — and, while ordering, an edit button per day. */
export function ServiceScheduleTable({ schedule, title, onEdit }: ServiceScheduleTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack gap={4} data-testid="service-schedule" data-service={schedule.serviceTypeId}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Table.ScrollContainer minWidth={onEdit ? 520 : 460} type="native" tabIndex={0} role="region" aria-label={t('schedule.tableLabel', { service: title })}>
        <Table striped withTableBorder verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('schedule.date')}</Table.Th>
              <Table.Th>{t('schedule.kind')}</Table.Th>
              <Table.Th>{t('schedule.from')}</Table.Th>
              <Table.Th>{t('schedule.to')}</Table.Th>
              <Table.Th>{t('schedule.overMidnight')}</Table.Th>
              {onEdit ? (
                <Table.Th>
                  <VisuallyHidden>{t('schedule.actions')}</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {schedule.dates.map((day) => {
              const date = day.dateTimeFrom.slice(0, 10);
              const kind = dayKindOf(day);
              const label = `${t(`schedule.weekdays.${weekdayOf(day.dateTimeFrom)}`)} ${format.localDate(day.dateTimeFrom)}`;
              return (
                <Table.Tr key={date} data-date={date} data-kind={kind}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{label}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} c={KIND_COLOUR[kind]}>
                      {t(`schedule.kinds.${kind}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td data-testid="schedule-from">{day.isWorkDay ? format.localTime(day.dateTimeFrom) : '—'}</Table.Td>
                  <Table.Td data-testid="schedule-to">{day.isWorkDay ? format.localTime(day.dateTimeTo) : '—'}</Table.Td>
                  <Table.Td>{day.isWorkDay ? t(day.isOverMidnight ? 'schedule.yes' : 'schedule.no') : '—'}</Table.Td>
                  {onEdit ? (
                    <Table.Td>
                      <Group justify="flex-end">
                        <ActionIcon variant="subtle" onClick={() => onEdit(day)} aria-label={t('schedule.editDay', { day: label })}>
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
