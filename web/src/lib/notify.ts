import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { IconAlertCircle, IconCheck, IconInfoCircle } from '../components/icons';
import i18n from './i18n';

export type NotificationKind = 'success' | 'error' | 'warning' | 'info';

export const NOTIFICATION_DURATION_MS = 4000;

const COLOR: Record<NotificationKind, string> = { success: 'teal', error: 'red', warning: 'orange', info: 'accent' };
const ICON = { success: IconCheck, error: IconAlertCircle, warning: IconAlertCircle, info: IconInfoCircle };

let sequence = 0;

/**
 * Shows a notification top right (spec section 8): it closes after 4000 ms or on click; errors stay until
 * closed and get the default error title when none is given. `message` is already translated.
 */
export function notify(kind: NotificationKind, message: string, title?: string): string {
  sequence += 1;
  const id = `notification-${sequence}`;
  notifications.show({
    id,
    message,
    title: title ?? (kind === 'error' ? i18n.t('notification.errorTitle') : undefined),
    color: COLOR[kind],
    icon: createElement(ICON[kind], { size: 18 }),
    autoClose: kind === 'error' ? false : NOTIFICATION_DURATION_MS,
    withCloseButton: true,
    onClick: () => notifications.hide(id),
    style: { cursor: 'pointer' },
    'data-kind': kind,
  });
  return id;
}
