import { Button, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../api/get-order';
import { useRequestChange } from '../../api/order-actions';
import { CommandErrorAlert } from '../CommandErrorAlert';
import { OrderDialog } from '../OrderDialog';
import { DialogActions } from '../../../../components/FixedDialog';

/**
 * Changing a quote request, an offered or a submitted order (D19): says what it means before it
 * happens — the order returns to the ordering form, an open offer can no longer be accepted, and nothing reaches
 * the provider until it is submitted again — then opens the form.
 */
export function RequestChangeDialog({
  order: current,
  onClose,
  onReload,
  onChanged,
}: {
  order: Order;
  onClose: () => void;
  onReload: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [order] = useState(current);
  const change = useRequestChange();
  return (
    <OrderDialog title={t('orders.change.title', { refId: order.refId })} onClose={onClose}>
      <Stack gap="md">
        <CommandErrorAlert error={change.error} onReload={onReload} />
        <Text size="sm">{t('orders.change.explain')}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('orders.change.rules.form')}</List.Item>
          {order.status === 'OFFERED' ? <List.Item>{t('orders.change.rules.offer')}</List.Item> : null}
          <List.Item>{t('orders.change.rules.resubmit')}</List.Item>
        </List>
        <DialogActions onCancel={onClose} busy={change.isPending}>
          <Button loading={change.isPending} data-testid="confirm-change" onClick={() => change.mutate({ order }, { onSuccess: onChanged })}>
            {t('orders.change.confirm')}
          </Button>
        </DialogActions>
      </Stack>
    </OrderDialog>
  );
}
