import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UnlockSlider } from '../../../../components/widgets';
import { notify } from '../../../../lib/notify';
import type { Order } from '../../api/get-order';
import { useCancelOrder } from '../../api/order-actions';
import { CommandErrorAlert } from '../CommandErrorAlert';
import { OrderDialog } from '../OrderDialog';

/**
 * Withdrawing a quote request or a submitted order: what it means, an optional comment, a clear confirm. A binding
 * order is cancelled with the unlock slider (D220), so a stray click or tap cannot cancel it; a quote request with a
 * button.
 */
export function CancelOrderDialog({ order: current, onClose, onReload }: { order: Order; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation();
  const [order] = useState(current);
  const cancel = useCancelOrder();
  const [comment, setComment] = useState('');
  const what = order.status === 'REQUESTED_QUOTE' ? 'request' : 'order';
  const confirm = () =>
    cancel.mutate(
      { order, comment },
      {
        onSuccess: () => {
          notify('success', t(`orders.cancel.done.${what}`));
          onClose();
        },
      },
    );
  return (
    <OrderDialog title={t(`orders.cancel.title.${what}`)} onClose={onClose}>
      <Stack gap="md">
        <CommandErrorAlert error={cancel.error} onReload={onReload} />
        <Text size="sm">{t(`orders.cancel.explain.${what}`, { refId: order.refId })}</Text>
        <Textarea
          label={t('orders.cancel.comment')}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
          data-autofocus
        />
        {what === 'order' ? (
          <Stack gap="xs" align="center">
            <UnlockSlider
              key={cancel.isError ? 'again' : 'first'}
              label={t('orders.cancel.slide.label', { refId: order.refId })}
              hint={t('orders.cancel.slide.hint')}
              doneText={t('orders.cancel.slide.done')}
              disabled={cancel.isPending}
              onUnlock={confirm}
              testId="confirm-cancel"
            />
            <Text size="xs" c="gray.8" ta="center">
              {t('orders.cancel.slide.keyboard')}
            </Text>
            <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
              {t('orders.cancel.keep')}
            </Button>
          </Stack>
        ) : (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
              {t('orders.cancel.keep')}
            </Button>
            <Button color="red.8" loading={cancel.isPending} data-testid="confirm-cancel" onClick={confirm}>
              {t(`orders.cancel.confirm.${what}`)}
            </Button>
          </Group>
        )}
      </Stack>
    </OrderDialog>
  );
}
