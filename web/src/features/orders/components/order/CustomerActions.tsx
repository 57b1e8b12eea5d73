import { ActionIcon, Button, CopyButton, Group, Tooltip } from '@mantine/core';
import { mayIssue, type Actor } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconCopy } from '../../../../components/icons';
import type { Order } from '../../api/get-order';
import { CancelOrderDialog } from './CancelOrderDialog';

/** The customer's actions on the order header: cancel (while the domain allows it for this role) and copying the reference. */
export function CustomerActions({ order, actor, onReload }: { order: Order; actor: Actor | null; onReload: () => void }) {
  const { t } = useTranslation();
  const [cancelling, setCancelling] = useState(false);
  const canCancel = actor !== null && mayIssue('CancelOrder', actor, order.status);
  return (
    <Group gap="xs">
      <CopyButton value={order.refId} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('orders.detail.copied') : t('orders.detail.copyRef')} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('orders.detail.copyRef')}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
      {canCancel ? (
        <Button variant="default" color="red" onClick={() => setCancelling(true)} data-testid="cancel-order">
          {t(order.status === 'REQUESTED_QUOTE' ? 'orders.cancel.action.request' : 'orders.cancel.action.order')}
        </Button>
      ) : null}
      {cancelling ? <CancelOrderDialog order={order} onClose={() => setCancelling(false)} onReload={() => { setCancelling(false); onReload(); }} /> : null}
    </Group>
  );
}
