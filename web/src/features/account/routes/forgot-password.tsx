import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { emailField } from '@onsite/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconAlertCircle, IconArrowLeft, IconCheck } from '../../../components/icons';
import { ApiError } from '../../../lib/api/api-client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { paths } from '../../../lib/paths';
import { useRequestPasswordReset } from '../api/account';
import { AuthCard } from '../components/AuthCard';
import { accountFieldError, failureMessage } from '../components/messages';

/**
 * Forgot password: the e-mail address, then a neutral confirmation that never says whether the address has an
 * account (the api answers the same either way). Too many requests are said as such.
 */
export function Component() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const failure = request.error instanceof ApiError && request.error.code === 'email_required' ? null : failureMessage(request.error);

  const check = (value: string) => {
    const parsed = emailField.safeParse(value);
    return parsed.success ? { ok: true as const, email: parsed.data } : { ok: false as const, message: parsed.error.issues[0]?.message };
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = check(email);
    if (!result.ok) {
      setError(accountFieldError(result.message));
      return;
    }
    setError(undefined);
    request.mutate(result.email, {
      onSuccess: () => setSentTo(result.email),
      onError: (e) => {
        if (e instanceof ApiError && e.code === 'email_required') setError(t('error.email_required'));
      },
    });
  };

  const backToLogin = (
    <Anchor component={Link} to={paths.login(lang)} size="sm" data-testid="back-to-login">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden="true" />
        {t('account.backToLogin')}
      </Group>
    </Anchor>
  );

  if (sentTo) {
    return (
      <AuthCard title={t('account.forgot.sentTitle')}>
        <Alert color="teal" variant="light" icon={<IconCheck size={18} />} role="status" data-testid="reset-requested">
          <Stack gap={6}>
            <Text size="sm">{t('account.forgot.sentText', { email: sentTo })}</Text>
            <Text size="sm">{t('account.forgot.sentHint')}</Text>
          </Stack>
        </Alert>
        <Group justify="space-between" wrap="wrap" gap="sm">
          {backToLogin}
          <Button variant="default" onClick={() => setSentTo(null)}>
            {t('account.forgot.again')}
          </Button>
        </Group>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('account.forgot.title')} text={t('account.forgot.text')}>
      <form onSubmit={submit} noValidate aria-label={t('account.forgot.title')}>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="forgot-error">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setEmail(value);
              if (error) setError(check(value).ok ? undefined : error);
            }}
            error={error}
          />
          <Group justify="space-between" wrap="wrap" gap="sm">
            {backToLogin}
            <Button type="submit" loading={request.isPending} data-testid="send-reset-link">
              {t('account.forgot.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
