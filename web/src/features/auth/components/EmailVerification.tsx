import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle, IconCheck } from '../../../components/icons';
import { ApiError, errorMessage } from '../../../lib/api/api-client';
import { useVerifyEmail } from '../api/verification';

/** Shown only when the link fails; its own chunk (the domain's e-mail rule and its other field rules). */
const ResendVerification = lazy(() => import('./ResendVerification').then((module) => ({ default: module.ResendVerification })));

/**
 * The landing of the verification link on the login page: spends the token once, then says verified (log in
 * now) or why not, with a way to get a new link.
 */
export function EmailVerification({ token }: { token: string }) {
  const { t } = useTranslation();
  const verify = useVerifyEmail();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (verify.isSuccess) {
    return (
      <Alert color="teal" variant="light" icon={<IconCheck size={18} />} role="status" data-testid="email-verified">
        {t('account.verify.success')}
      </Alert>
    );
  }
  if (verify.isError) {
    const code = verify.error instanceof ApiError ? verify.error.code : 'server_error';
    const message =
      code === 'token_not_found'
        ? t('verification.tokenNotFound')
        : code === 'invalid_token'
          ? t('account.verify.used')
          : code === 'validation_error'
            ? t('verification.tokenError')
            : errorMessage(code);
    return (
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="email-verification-failed">
        <Stack gap="sm">
          <Text size="sm">{message}</Text>
          <Text size="sm">{t('account.verify.resendHint')}</Text>
          <Suspense fallback={null}>
            <ResendVerification />
          </Suspense>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap={6} role="status" aria-busy="true">
      <Text size="sm">{t('account.verify.checking')}</Text>
      <Skeleton h={12} />
    </Stack>
  );
}
