import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { detailsToErrors, translateFieldError, useZodForm } from '../../../lib/forms';
import type { Profile } from '../../../lib/session';
import { loginFormSchema, useLogIn, type LoginForm as LoginValues } from '../api/log-in';

/** Email and password; wrong credentials are said inline, above the fields, not as a notification. */
export function LoginForm({ onSuccess }: { onSuccess: (profile: Profile) => void }) {
  const { t } = useTranslation();
  const form = useZodForm<LoginValues>(loginFormSchema, { email: '', password: '' });
  const logIn = useLogIn();
  const rejected = logIn.error instanceof ApiError && logIn.error.code === 'invalid_credentials';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = form.validate();
    if (!result.ok) return;
    try {
      const { profile } = await logIn.mutateAsync(result.data);
      onSuccess(profile);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_error') form.setErrors(detailsToErrors(error.details));
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
        <Group justify="flex-end">
          <Button type="submit" loading={logIn.isPending}>
            {t('actions.login')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
