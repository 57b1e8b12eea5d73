import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError, messageOf } from '../lib/api/api-client';

export interface CommandFailureAlertProps {
  error: unknown;
  onReload: () => void;
  /**
   * Error codes that mean 'what you saw has changed', each with the translation key that says so: they show the
   * reload button instead of a plain error. Default: a version conflict, in the words of an order.
   */
  stale?: Readonly<Record<string, string>>;
}

const ORDER_STALE = { version_conflict: 'orders.offer.conflict' } as const;

/**
 * What a failed command tells the user inside its dialog or form: a change by someone else with a reload button
 * (never a silent overwrite), any other error by its code. Nothing when there is no error, so a success after a
 * failure clears it and the same error twice shows once.
 */
export function CommandFailureAlert({ error, onReload, stale = ORDER_STALE }: CommandFailureAlertProps) {
  const { t } = useTranslation();
  if (!error) return null;
  const failure = error instanceof ApiError ? error : new ApiError(0, 'network_error', '');
  const staleMessage = stale[failure.code];
  if (staleMessage) {
    return (
      <Alert color="orange" variant="light" data-testid="conflict-alert">
        <Stack gap="xs">
          <Text size="sm">{t(staleMessage)}</Text>
          <Group>
            <Button size="xs" onClick={onReload}>
              {t('actions.reload')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" role="alert" data-testid="command-error">
      {failure.code === 'forbidden' ? messageOf(failure) : t(`error.${failure.code}`, { defaultValue: failure.message || t('error.server_error') })}
    </Alert>
  );
}
