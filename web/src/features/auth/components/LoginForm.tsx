import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle } from '../../../components/icons';
import { ApiError } from '../../../lib/api/api-client';
import { detailsToErrors, translateFieldError, useZodForm } from '../../../lib/forms/forms';
import type { Profile } from '../../../lib/session/session';
import { loginFormSchema, useLogIn, type LoginForm as LoginValues } from '../api/log-in';

const loadDialog = () => import('./UnverifiedEmailDialog');
const UnverifiedEmailDialog = lazy(() => loadDialog().then((module) => ({ default: module.UnverifiedEmailDialog })));

export interface LoginFormProps {
  onSuccess: (profile: Profile) => void;
  /** The 'forgot your password?' link, shown under the password. */
  forgotPasswordLink?: ReactNode;
}

/**
 * Email and password; wrong credentials are said inline, above the fields, not as a notification. An address
 * not verified yet gets a dialog that offers a new verification link (error email_not_verified).
 */
export function LoginForm({ onSuccess, forgotPasswordLink }: LoginFormProps) {
  const { t } = useTranslation();
  const form = useZodForm<LoginValues>(loginFormSchema, { email: '', password: '' });
  const logIn = useLogIn();
  const rejected = logIn.error instanceof ApiError && logIn.error.code === 'invalid_credentials';
  const [unverified, setUnverified] = useState<string | null>(null);
  // The dialog is mounted at its first opening and stays for its closing transition.
  const [dialogUsed, setDialogUsed] = useState(false);
  if (unverified !== null && !dialogUsed) setDialogUsed(true);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = form.validate();
    if (!result.ok) return;
    // The dialog's code is fetched while the server answers, in case it says the address is not verified.
    void loadDialog().catch(() => undefined);
    try {
      const { profile } = await logIn.mutateAsync(result.data);
      onSuccess(profile);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_error') form.setErrors(detailsToErrors(error.details));
      if (error instanceof ApiError && error.code === 'email_not_verified') setUnverified(result.data.email);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.login.title')}>
      <Stack gap="md">
        {rejected ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" data-testid="login-error">
            {t('error.invalid_credentials')}
          </Alert>
        ) : null}
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          required
          value={form.values.email}
          onChange={(event) => form.setValue('email', event.currentTarget.value)}
          error={translateFieldError(form.errors.email)}
        />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="current-password"
          required
          value={form.values.password}
          onChange={(event) => form.setValue('password', event.currentTarget.value)}
          error={translateFieldError(form.errors.password)}
          // Mantine sets aria-invalid on every input but this one, and names its eye button in English only.
          aria-invalid={Boolean(form.errors.password)}
          visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
        />
        <Group justify={forgotPasswordLink ? 'space-between' : 'flex-end'} wrap="wrap" gap="sm">
          {forgotPasswordLink}
          <Button type="submit" loading={logIn.isPending}>
            {t('actions.login')}
          </Button>
        </Group>
      </Stack>
      {dialogUsed ? (
        <Suspense fallback={null}>
          <UnverifiedEmailDialog email={unverified} onClose={() => setUnverified(null)} />
        </Suspense>
      ) : null}
    </form>
  );
}
