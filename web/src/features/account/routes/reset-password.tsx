import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { isStrongPassword, passwordRuleProblem } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { IconAlertCircle } from '../../../components/icons';
import { PasswordInput } from '../../../components/widgets';
import { ApiError } from '../../../lib/api/api-client';
import { detailsToErrors, type FieldErrors } from '../../../lib/forms/forms';
import { useLanguage } from '../../../lib/i18n/use-language';
import { notify } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { useResetPassword } from '../api/account';
import { AuthCard } from '../components/AuthCard';
import { accountFieldError, failureMessage } from '../components/messages';

/** Codes that mean the link itself is no good: the page then offers to request a new one. */
const LINK_ERRORS = ['invalid_token', 'invalid_or_expired_token', 'token_missed', 'password_or_token_missed', 'token_not_found'];

/** The reset link's page (`/:lang/reset-password?token=…`): a new password twice, then log in. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const lang = useLanguage();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const reset = useResetPassword();
  const code = reset.error instanceof ApiError ? reset.error.code : null;
  const linkBroken = !token || (code !== null && LINK_ERRORS.includes(code));
  const failure = !token ? t('error.token_missed') : code === 'validation_error' ? t('error.validation_error') : failureMessage(reset.error);

  const problem = passwordRuleProblem(password);
  const passwordError = (submitted && problem ? accountFieldError(problem) : undefined) ?? accountFieldError(serverErrors.password);
  const confirmError =
    (submitted && confirmPassword !== password ? t('account.validation.passwordsNotEqual') : undefined) ?? accountFieldError(serverErrors.confirmPassword);

  return (
    <AuthCard title={t('account.reset.title')} text={t('account.reset.text')}>
      <form
        noValidate
        aria-label={t('account.reset.title')}
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          setServerErrors({});
          if (problem || confirmPassword !== password) return;
          reset.mutate(
            { token, password, confirmPassword },
            {
              onSuccess: () => {
                notify('success', t('account.reset.done'));
                void navigate(paths.login(lang), { replace: true });
              },
              onError: (error) => {
                if (error instanceof ApiError && error.code === 'validation_error') setServerErrors(detailsToErrors(error.details));
              },
            },
          );
        }}
      >
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="reset-error">
              <Stack gap={6}>
                <Text size="sm">{failure}</Text>
                {linkBroken ? (
                  <Anchor component={Link} to={paths.forgotPassword(lang)} size="sm" data-testid="request-new-link">
                    {t('account.reset.requestNew')}
                  </Anchor>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          <PasswordInput label={t('account.fields.newPassword')} value={password} onChange={setPassword} required error={passwordError} />
          <PasswordInput
            label={t('account.fields.confirmPassword')}
            value={confirmPassword}
            onChange={setConfirmPassword}
            withStrength={false}
            required
            error={confirmError}
            autoComplete="new-password"
          />
          {password && !isStrongPassword(password) && !problem ? (
            <Text size="xs" c="dimmed">
              {t('account.reset.strongHint')}
            </Text>
          ) : null}
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Anchor component={Link} to={paths.login(lang)} size="sm">
              {t('account.backToLogin')}
            </Anchor>
            <Button type="submit" loading={reset.isPending} disabled={!token} data-testid="reset-password">
              {t('account.reset.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
