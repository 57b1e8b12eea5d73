import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ServiceScheduleTable } from '../../../../components/ServiceScheduleTable';
import type { Order } from '../../api/get-order';
import { useServiceName } from './use-service-name';

/** The service schedule of the preferred frame (D216), one read-only table per service; nothing when none was given. */
export function ScheduleTables({ order }: { order: Order }) {
  const { t } = useTranslation();
  const nameOf = useServiceName();
  const schedules = order.timeframes[0]?.servicesSchedule ?? [];
  if (schedules.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="order-schedule">
      <Text size="sm" fw={600}>
        {t('schedule.title')}
      </Text>
      {schedules.map((schedule) => {
        const service = order.services.find((s) => s.serviceId === schedule.serviceTypeId);
        return <ServiceScheduleTable key={schedule.serviceTypeId} schedule={schedule} title={service ? nameOf(service) : schedule.name} />;
      })}
    </Stack>
  );
}
