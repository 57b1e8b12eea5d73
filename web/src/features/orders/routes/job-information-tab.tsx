import { Stack } from '@mantine/core';
import { useOutletContext } from 'react-router';
import { actorOf } from '../../../lib/session/actor';
import { useProfile } from '../../../lib/session/session';
import { JobPanel } from '../components/job/JobPanel';
import { SupervisorsBlock } from '../components/job/SupervisorsBlock';
import { LocalContactBlock } from '../components/order/OrderBlocks';
import type { OrderOutletContext } from './offer-tab';

/**
 * order/:refId/job-information: the job the order became — its details, state and team —, the local
 * customer contact (editable while the domain allows) and the on-site supervisors (OEM and staff only); staff
 * record progress and billing.
 */
export function Component() {
  const { order, reload, historical } = useOutletContext<OrderOutletContext>();
  // In the past (time travel) nothing can be done: no actor, no actions.
  const profile = useProfile();
  const actor = historical ? null : actorOf(profile);
  if (!order.job) return null;
  return (
    <Stack gap="lg">
      <JobPanel order={order} job={order.job} actor={actor} onReload={reload} />
      <LocalContactBlock order={order} actor={actor} onReload={reload} />
      <SupervisorsBlock order={order} actor={actor} onReload={reload} />
    </Stack>
  );
}
