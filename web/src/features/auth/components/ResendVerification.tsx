import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { emailField } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCheck } from '../../../components/icons';
import { ApiError, errorMessage } from '../../../lib/api/api-client';
import { fieldError } from '../../../lib/forms/domain-messages';
import { useResendVerification } from '../api/verification';

/** The address (prefilled when known) and a button that sends a new verification link. */
export function ResendVerification({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const resend = useResendVerification();

  if (resend.isSuccess) {
    return (
      <Alert color="teal" variant="light" icon={<IconCheck size={18} />} role="status" data-testid="verification-resent">
        {t('account.verify.resent', { email })}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <TextInput
        label={t('account.verify.emailLabel')}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        error={error ?? (resend.error ? errorMessage(resend.error instanceof ApiError ? resend.error.code : 'server_error') : undefined)}
      />
      <Group justify="flex-end">
        <Button
          variant="light"
          loading={resend.isPending}
          data-testid="resend-verification"
          onClick={() => {
            const parsed = emailField.safeParse(email);
            if (!parsed.success) {
              setError(fieldError(parsed.error.issues[0]?.message));
              return;
            }
            setError(undefined);
            resend.mutate(parsed.data);
          }}
        >
          {t('account.verify.resend')}
        </Button>
      </Group>
    </Stack>
  );
}
