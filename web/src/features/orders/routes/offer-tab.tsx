import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { useLanguage } from '../../../lib/i18n/use-language';
import { actorOf } from '../../../lib/session/actor';
import { useProfile } from '../../../lib/session/session';
import type { Order } from '../api/get-order';
import { useOwnCompany } from '../api/offer-actions';
import { AcceptOfferDialog } from '../components/AcceptOfferDialog';
import { OfferPanel } from '../components/OfferPanel';
import { RejectDialog } from '../components/RejectDialog';
import { ExtendOfferDialog, RequestMoreTimeDialog } from '../components/OfferValidityDialogs';

export interface OrderOutletContext {
  order: Order;
  reload: () => void;
  /** The order as of a past moment (time travel): shown, never acted on. */
  historical?: boolean;
}

/** order/:refId/offer: the open offer (or the latest one) with the customer's accept and reject dialogs. */
export function Component() {
  const { order, reload, historical } = useOutletContext<OrderOutletContext>();
  const lang = useLanguage();
  const profile = useProfile();
  const actor = actorOf(profile);
  const company = useOwnCompany(actor && actor.type !== 'BL' ? profile?.company?.uid : null);
  const [dialog, setDialog] = useState<'accept' | 'reject' | 'moreTime' | 'extend' | null>(null);
  const offer = order.offers.find((o) => o.offerId === order.openOfferId) ?? order.offers.at(-1);
  if (!offer) return null;
  const reloadAndClose = () => {
    setDialog(null);
    reload();
  };
  return (
    <Stack gap="lg">
      <OfferPanel
        order={order}
        offer={offer}
        actor={historical ? null : actor}
        historical={Boolean(historical)}
        profileCompleted={company.data?.completed ?? true}
        actions={{
          onAccept: () => setDialog('accept'),
          onReject: () => setDialog('reject'),
          onRequestMoreTime: () => setDialog('moreTime'),
          onExtend: () => setDialog('extend'),
        }}
      />
      {dialog === 'accept' ? (
        <AcceptOfferDialog
          order={order}
          offer={offer}
          company={company.data}
          companyLoading={company.isLoading}
          lang={lang}
          onClose={() => setDialog(null)}
          onReload={reloadAndClose}
        />
      ) : null}
      {dialog === 'reject' ? <RejectDialog order={order} onClose={() => setDialog(null)} onReload={reloadAndClose} /> : null}
      {dialog === 'moreTime' ? <RequestMoreTimeDialog order={order} offer={offer} onClose={() => setDialog(null)} onReload={reloadAndClose} /> : null}
      {dialog === 'extend' ? <ExtendOfferDialog order={order} offer={offer} onClose={() => setDialog(null)} onReload={reloadAndClose} /> : null}
    </Stack>
  );
}
