import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';

/**
 * What a failed order command tells the user inside its dialog or form: a version conflict with a reload button
 * (never a silent overwrite), any other error by its code. Nothing when there is no error, so a success after a
 * failure clears it and the same error twice shows once.
 */
export function CommandErrorAlert({ error, onReload }: { error: unknown; onReload: () => void }) {
  const { t } = useTranslation();
  if (!error) return null;
  const failure = error instanceof ApiError ? error : new ApiError(0, 'network_error', '');
  if (failure.code === 'version_conflict') {
    return (
      <Alert color="orange" variant="light" data-testid="conflict-alert">
        <Stack gap="xs">
          <Text size="sm">{t('orders.offer.conflict')}</Text>
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
    <Alert color="red" variant="light" role="alert">
      {t(`error.${failure.code}`, { defaultValue: failure.message || t('error.server_error') })}
    </Alert>
  );
}
