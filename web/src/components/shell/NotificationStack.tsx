import { Notifications } from '@mantine/notifications';
import { NOTIFICATION_DURATION_MS } from '../../lib/notify';

/** Mantine's notification stack (Providers); its own chunk, with its transitions. */
export function NotificationStack() {
  return <Notifications position="top-right" autoClose={NOTIFICATION_DURATION_MS} zIndex={1000} />;
}
