import { Button, NumberInput, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker, TimePicker } from '../../../../components/widgets';
import { notify } from '../../../../lib/notify';
import type { Order } from '../../api/get-order';
import { usePrepareJob } from '../../api/staff-order-actions';
import { CommandErrorAlert } from '../CommandErrorAlert';
import { DialogActions, FixedDialog } from '../../../../components/FixedDialog';

/** `YYYY-MM-DD` and `HH:mm` of a location-local `YYYY-MM-DDTHH:mm(:ss)`. */
const dayOf = (local: string | undefined) => local?.slice(0, 10) ?? null;
const timeOf = (local: string | undefined, fallback: string) => local?.slice(11, 16) || fallback;

/**
 * Staff send the accepted order to job planning: the team size (the customer's expected technicians to start
 * with), the window the job should run in (the preferred time frame to start with, local to the location) and
 * notes for the planners. The job specification with all of it is exported to the planning tool.
 */
export function PrepareJobDialog({ order: current, onClose, onReload }: { order: Order; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation();
  const [order] = useState(current);
  const prepare = usePrepareJob();
  const preferred = order.timeframes[0];
  const [notes, setNotes] = useState('');
  const [teamSize, setTeamSize] = useState<number | string>(order.additionalInformation?.expectedNumberOfTechnicians ?? 1);
  const [fromDay, setFromDay] = useState<string | null>(dayOf(preferred?.from));
  const [fromTime, setFromTime] = useState<string | null>(timeOf(preferred?.from, '08:00'));
  const [toDay, setToDay] = useState<string | null>(dayOf(preferred?.to));
  const [toTime, setToTime] = useState<string | null>(timeOf(preferred?.to, '17:00'));
  const [problems, setProblems] = useState<{ teamSize?: string; window?: string }>({});

  const submit = () => {
    const found: typeof problems = {};
    const size = typeof teamSize === 'number' && Number.isInteger(teamSize) && teamSize >= 1 ? teamSize : null;
    if (size === null) found.teamSize = t('staffOrder.prepare.teamSizeInvalid');
    const from = fromDay && fromTime ? `${fromDay}T${fromTime}:00` : null;
    const to = toDay && toTime ? `${toDay}T${toTime}:00` : null;
    if (!from || !to || from >= to) found.window = t('staffOrder.prepare.windowInvalid');
    setProblems(found);
    if (Object.keys(found).length > 0 || !from || !to) return;
    prepare.mutate(
      { order, notes, teamSize: size, window: { from, to } },
      {
        onSuccess: () => {
          notify('success', t('staffOrder.prepare.done'));
          onClose();
        },
      },
    );
  };

  return (
    <FixedDialog opened onClose={onClose} title={t('staffOrder.prepare.title')} size="lg">
      <Stack gap="md">
        <CommandErrorAlert error={prepare.error} onReload={onReload} />
        <Text size="sm">{t('staffOrder.prepare.explain')}</Text>
        <NumberInput
          label={t('staffOrder.prepare.teamSize')}
          value={teamSize}
          onChange={setTeamSize}
          min={1}
          max={50}
          allowDecimal={false}
          required
          error={problems.teamSize}
          w={{ base: '100%', xs: 200 }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('staffOrder.prepare.window')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('staffOrder.prepare.windowHint', { timeZone: order.location?.timeZone ?? '' })}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DatePicker label={t('fields.dateFrom')} value={fromDay} onChange={setFromDay} required error={problems.window} />
            <TimePicker label={t('staffOrder.prepare.fromTime')} value={fromTime} onChange={setFromTime} minuteInterval={30} />
            <DatePicker label={t('fields.dateTo')} value={toDay} onChange={setToDay} required />
            <TimePicker label={t('staffOrder.prepare.toTime')} value={toTime} onChange={setToTime} minuteInterval={30} />
          </SimpleGrid>
        </Stack>
        <Textarea
          label={t('staffOrder.prepare.notes')}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={2000}
          data-autofocus
        />
        <DialogActions onCancel={onClose} busy={prepare.isPending}>
          <Button onClick={submit} loading={prepare.isPending} data-testid="confirm-prepare">
            {t('staffOrder.prepare.confirm')}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}
