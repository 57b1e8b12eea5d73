import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { DoNotShowAgainMessage } from '../components/DoNotShowAgainMessage';
import { IconAlertCircle, IconCheck, IconInfoCircle } from '../components/icon-base';
import i18n from './i18n/i18n';

export type NotificationKind = 'success' | 'error' | 'warning' | 'info';

export const NOTIFICATION_DURATION_MS = 4000;

const COLOR: Record<NotificationKind, string> = { success: 'teal', error: 'red', warning: 'orange', info: 'accent' };
const ICON = { success: IconCheck, error: IconAlertCircle, warning: IconAlertCircle, info: IconInfoCircle };
const HIDDEN_PREFIX = 'onsite.notification.hidden.';

export interface NotifyOptions {
  /** A stable id: the same message shown again replaces the one on screen instead of stacking up. */
  readonly id?: string;
  /**
   * Offers 'do not show again': once chosen, notifications with this key stay hidden (kept in localStorage).
   */
  doNotShowAgainKey?: string;
}

export function isNotificationHidden(key: string): boolean {
  try {
    return window.localStorage.getItem(HIDDEN_PREFIX + key) === '1';
  } catch {
    return false;
  }
}

function hideForever(key: string): void {
  try {
    window.localStorage.setItem(HIDDEN_PREFIX + key, '1');
  } catch {
    // Without storage the choice lasts for this notification only.
  }
}

let sequence = 0;

/**
 * Shows a notification top right: it closes after 4000 ms or on click; errors stay until
 * closed and get the default error title when none is given. `message` is already translated. Returns the id,
 * or null when the user asked not to see this one again.
 */
const shown = new Set<string>();

/** Closes a notification shown with a stable id (e.g. a form's error once the form is fixed), shown or still queued. */
export function dismiss(id: string): void {
  notifications.hide(id);
}

/** The id of the 'fields contain errors' notification the api client shows for a refused input (validation_error). */
export const API_FORM_ERROR_ID = 'form-error-api';

/**
 * A form's one 'one or more fields contain errors' notification: shown again, it replaces itself instead of stacking up.
 * `form` names the form, so that its success (`clearFormError`) removes exactly its errors.
 */
export function notifyFormError(form: string): void {
  notify('error', i18n.t('notification.formError'), undefined, { id: `form-error-${form}` });
}

/** The form succeeded: its error notification, and the api's for the input it refused before, are no longer true. */
export function clearFormError(form: string): void {
  dismiss(`form-error-${form}`);
  dismiss(API_FORM_ERROR_ID);
}

export function notify(kind: NotificationKind, message: string, title?: string, options: NotifyOptions = {}): string | null {
  const { doNotShowAgainKey: key } = options;
  if (key && isNotificationHidden(key)) return null;
  sequence += 1;
  const id = options.id ?? `notification-${sequence}`;
  if (options.id && shown.has(options.id)) notifications.hide(options.id);
  const body = key
    ? createElement(DoNotShowAgainMessage, {
        message,
        label: i18n.t('notification.doNotShowAgain'),
        onChoose: () => {
          hideForever(key);
          notifications.hide(id);
        },
      })
    : message;
  notifications.show({
    id,
    message: body,
    title: title ?? (kind === 'error' ? i18n.t('notification.errorTitle') : undefined),
    color: COLOR[kind],
    icon: createElement(ICON[kind], { size: 18 }),
    autoClose: kind === 'error' ? false : NOTIFICATION_DURATION_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': i18n.t('actions.close') },
    onClick: () => notifications.hide(id),
    onOpen: () => shown.add(id),
    onClose: () => shown.delete(id),
    style: { cursor: 'pointer' },
    'data-kind': kind,
  });
  return id;
}
