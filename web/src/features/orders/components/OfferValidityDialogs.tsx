import { Button, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker, TimePicker } from '../../../components/widgets';
import { notify } from '../../../lib/notify';
import { useFormat } from '../../../lib/i18n/use-format';
import type { Offer, Order } from '../api/get-order';
import { useExtendOffer, useRequestMoreTime } from '../api/offer-validity';
import { CommandErrorAlert } from './CommandErrorAlert';
import { OrderDialog } from './OrderDialog';
import { DialogActions } from '../../../components/FixedDialog';

/** The customer asks for more time to decide; staff see the request with its reason. */
export function RequestMoreTimeDialog({ order: current, offer, onClose, onReload }: { order: Order; offer: Offer; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation();
  const [order] = useState(current);
  const request = useRequestMoreTime();
  const [comment, setComment] = useState('');
  return (
    <OrderDialog title={t('orders.offer.moreTime.title')} onClose={onClose}>
      <Stack gap="md">
        <CommandErrorAlert error={request.error} onReload={onReload} />
        <Text size="sm">{t('orders.offer.moreTime.explain')}</Text>
        <Textarea
          label={t('orders.offer.moreTime.reason')}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
          data-autofocus
        />
        <DialogActions onCancel={onClose} busy={request.isPending}>
          <Button
            loading={request.isPending}
            data-testid="confirm-more-time"
            onClick={() =>
              request.mutate(
                { order, offerId: offer.offerId, comment },
                {
                  onSuccess: () => {
                    notify('success', t('orders.offer.moreTime.sent'));
                    onClose();
                  },
                },
              )
            }
          >
            {t('orders.offer.moreTime.send')}
          </Button>
        </DialogActions>
      </Stack>
    </OrderDialog>
  );
}

/** Staff move the open offer's expiry to a later day and time (in the staff member's own time zone). */
export function ExtendOfferDialog({ order: current, offer, onClose, onReload }: { order: Order; offer: Offer; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [order] = useState(current);
  const extend = useExtendOffer();
  const suggested = DateTime.fromISO(offer.expiresAt).plus({ days: 7 });
  const [date, setDate] = useState<string | null>(suggested.toISODate());
  const [time, setTime] = useState<string | null>(suggested.toFormat('HH:00'));
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    setProblem(null);
    const at = date && time ? DateTime.fromISO(`${date}T${time}`) : null;
    if (!at?.isValid || at.toMillis() <= Math.max(Date.now(), Date.parse(offer.expiresAt))) {
      setProblem(t('orders.offer.extend.notLater'));
      return;
    }
    extend.mutate(
      { order, offerId: offer.offerId, expiresAt: at.toUTC().toISO()!, comment },
      {
        onSuccess: () => {
          notify('success', t('orders.offer.extend.done'));
          onClose();
        },
      },
    );
  };
  return (
    <OrderDialog title={t('orders.offer.extend.title')} onClose={onClose}>
      <Stack gap="md">
        <CommandErrorAlert error={extend.error} onReload={onReload} />
        <Text size="sm">{t('orders.offer.extend.current', { date: format.dateTime(offer.expiresAt) })}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DatePicker label={t('orders.offer.extend.date')} value={date} onChange={setDate} />
          <TimePicker label={t('orders.offer.extend.time')} value={time} onChange={setTime} minuteInterval={30} />
        </SimpleGrid>
        <Textarea
          label={t('orders.offer.extend.comment')}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
        />
        {problem ? (
          <Text size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        ) : null}
        <DialogActions onCancel={onClose} busy={extend.isPending}>
          <Button loading={extend.isPending} onClick={submit} data-testid="confirm-extend">
            {t('orders.offer.extend.confirm')}
          </Button>
        </DialogActions>
      </Stack>
    </OrderDialog>
  );
}
