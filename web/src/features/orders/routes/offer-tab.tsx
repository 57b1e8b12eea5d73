import { Stack } from '@mantine/core';
import type { Actor } from '@onsite/domain';
import { useState } from 'react';
import { useOutletContext, useParams } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../lib/languages';
import { useProfile, type Profile } from '../../../lib/session';
import type { Order } from '../api/get-order';
import { useOwnCompany } from '../api/offer-actions';
import { AcceptOfferDialog } from '../components/AcceptOfferDialog';
import { OfferPanel } from '../components/OfferPanel';
import { RejectOfferDialog } from '../components/RejectOfferDialog';

export interface OrderOutletContext {
  order: Order;
  reload: () => void;
  /** The order as of a past moment (time travel): shown, never acted on. */
  historical?: boolean;
}

/** Who the signed-in console user is for the domain's role rules (a customer, or staff acting for one). */
function actorOf(profile: Profile | undefined): Actor | null {
  if (!profile) return null;
  const self = { userId: profile._id, type: profile.type, role: profile.role, companyId: profile.company?._id ?? '', country: profile.country };
  if (!profile.blUser) return self;
  const staff = profile.blUser;
  return { userId: staff._id, type: staff.type, role: staff.role, companyId: staff.company?._id ?? '', country: staff.country, onBehalfOf: self };
}

/** order/:refId/offer: the open offer (or the latest one) with the customer's accept and reject dialogs. */
export function Component() {
  const { order, reload, historical } = useOutletContext<OrderOutletContext>();
  const { lang: langParam } = useParams();
  const lang = isLanguage(langParam) ? langParam : DEFAULT_LANGUAGE;
  const profile = useProfile();
  const actor = actorOf(profile);
  const company = useOwnCompany(actor && actor.type !== 'BL' ? profile?.company?.uid : null);
  const [dialog, setDialog] = useState<'accept' | 'reject' | null>(null);
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
        profileCompleted={company.data?.completed ?? true}
        actions={{ onAccept: () => setDialog('accept'), onReject: () => setDialog('reject') }}
      />
      {dialog === 'accept' ? (
        <AcceptOfferDialog order={order} offer={offer} company={company.data} lang={lang} opened onClose={() => setDialog(null)} onReload={reloadAndClose} />
      ) : null}
      {dialog === 'reject' ? <RejectOfferDialog order={order} offer={offer} opened onClose={() => setDialog(null)} onReload={reloadAndClose} /> : null}
    </Stack>
  );
}
