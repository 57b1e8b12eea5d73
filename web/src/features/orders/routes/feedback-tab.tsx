import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { actorOf } from '../../../lib/session/actor';
import { useProfile } from '../../../lib/session/session';
import { useOrder } from '../api/get-order';
import { FeedbackPanel } from '../components/feedback/FeedbackPanel';
import type { OrderOutletContext } from './offer-tab';

/** order/:refId/feedback: the customer rates the job (while planned or completed); everyone else reads it. */
export function Component() {
  const { order, historical } = useOutletContext<OrderOutletContext>();
  const { refetch } = useOrder(order.refId);
  // In the past (time travel) nothing can be done: no actor, no actions.
  const profile = useProfile();
  const actor = historical ? null : actorOf(profile);
  // A reload after a conflict starts the form again from what is stored now.
  const [generation, setGeneration] = useState(0);
  const reload = () => void refetch().then(() => setGeneration((g) => g + 1));
  return <FeedbackPanel key={generation} order={order} actor={actor} onReload={reload} />;
}
