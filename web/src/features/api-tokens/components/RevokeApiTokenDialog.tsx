import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import { notify } from '../../../lib/notify';
import { useRevokeApiToken, type ApiTokenView } from '../api/api-tokens';

/** Revoking ends a token at once: the system using it gets 401 from its next request on. */
export function RevokeApiTokenDialog({ token, onClose }: { token: ApiTokenView; onClose: () => void }) {
  const { t } = useTranslation();
  const revoke = useRevokeApiToken();
  return (
    <FixedDialog opened onClose={onClose} title={t('apiTokens.revokeDialog.title', { name: token.name })}>
      <Stack gap="md">
        <CommandFailureAlert error={revoke.error} onReload={onClose} stale={{ api_token_not_found: 'apiTokens.revokeDialog.gone' }} />
        <Text size="sm">{t('apiTokens.revokeDialog.text', { name: token.name })}</Text>
        <DialogActions onCancel={onClose} busy={revoke.isPending}>
          <Button
            color="red.9"
            loading={revoke.isPending}
            data-testid="confirm-revoke-token"
            onClick={() =>
              revoke.mutate(token.id, {
                onSuccess: () => {
                  notify('success', t('apiTokens.revokeDialog.done', { name: token.name }));
                  onClose();
                },
              })
            }
          >
            {t('apiTokens.revoke')}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}
