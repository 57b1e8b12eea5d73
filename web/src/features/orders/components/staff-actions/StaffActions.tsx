import { Button, Group } from '@mantine/core';
import { canActAsProvider, isReadOnlyActor, mayIssue, type Actor } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../api/get-order';
import { DeclineRequestDialog } from './DeclineRequestDialog';
import { MakeOfferDialog } from './MakeOfferDialog';
import { MoreStaffActions } from './MoreStaffActions';
import { PrepareJobDialog } from './PrepareJobDialog';

type Dialog = 'offer' | 'decline' | 'prepare';

/** Staff's actions on the order header, each shown only where the domain allows it now. */
export function StaffActions({ order, actor, onReload }: { order: Order; actor: Actor | null; onReload: () => void }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  if (!actor || !canActAsProvider(actor) || actor.onBehalfOf || isReadOnlyActor(actor)) return null;
  const may = (type: Parameters<typeof mayIssue>[0]) => mayIssue(type, actor, order.status);
  const close = () => setDialog(null);
  const reload = () => {
    setDialog(null);
    onReload();
  };
  return (
    <Group gap="xs" data-testid="staff-actions">
      {may('DeclineRequest') ? (
        <Button variant="default" color="red" onClick={() => setDialog('decline')} data-testid="decline-request">
          {t('staffOrder.decline.action')}
        </Button>
      ) : null}
      {may('MakeOffer') ? (
        <Button onClick={() => setDialog('offer')} data-testid="make-offer">
          {t(order.status === 'OFFERED' ? 'staffOrder.offer.replaceAction' : 'staffOrder.offer.action')}
        </Button>
      ) : null}
      {may('PrepareJob') ? (
        <Button onClick={() => setDialog('prepare')} data-testid="prepare-job">
          {t('staffOrder.prepare.action')}
        </Button>
      ) : null}
      <MoreStaffActions order={order} actor={actor} onReload={onReload} />
      {dialog === 'offer' ? <MakeOfferDialog order={order} onClose={close} onReload={reload} /> : null}
      {dialog === 'decline' ? <DeclineRequestDialog order={order} onClose={close} onReload={reload} /> : null}
      {dialog === 'prepare' ? <PrepareJobDialog order={order} onClose={close} onReload={reload} /> : null}
    </Group>
  );
}
