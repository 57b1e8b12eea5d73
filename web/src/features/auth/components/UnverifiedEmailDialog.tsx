import { Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResendVerification } from './ResendVerification';

/**
 * The dialog of a login whose address is not verified yet, with a new verification link (LoginForm). Its own chunk:
 * Mantine's modal and the e-mail rule (with the domain's other field rules) are not needed to show the login page.
 */
export function UnverifiedEmailDialog({ email, onClose }: { email: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  // Mounted closed and opened right after, so the first opening has its transition like the later ones.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <Modal
      opened={email !== null && ready}
      onClose={onClose}
      title={t('account.verify.dialogTitle')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      data-testid="email-not-verified"
    >
      <Stack gap="md">
        <Text size="sm">{t('error.email_not_verified')}</Text>
        <Text size="sm">{t('account.verify.resendHint')}</Text>
        {email !== null ? <ResendVerification initialEmail={email} /> : null}
      </Stack>
    </Modal>
  );
}
