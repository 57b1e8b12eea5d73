import { useOutletContext } from 'react-router';
import { actorOf } from '../../../lib/actor';
import { useProfile } from '../../../lib/session';
import { FeedbackPanel } from '../components/feedback/FeedbackPanel';
import type { OrderOutletContext } from './offer-tab';

/** order/:refId/feedback: the customer rates the job (while planned or completed); everyone else reads it. */
export function Component() {
  const { order, reload } = useOutletContext<OrderOutletContext>();
  const actor = actorOf(useProfile());
  // Keyed by version: after a save (or a reload after a conflict) the form starts from what is stored.
  return <FeedbackPanel key={order.version} order={order} actor={actor} onReload={reload} />;
}
