import { Alert, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { isStrongPassword, passwordRuleProblem } from '@onsite/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { IconAlertCircle } from '../../../components/icons';
import { PasswordInput } from '../../../components/widgets';
import { ApiError, errorMessage } from '../../../lib/api/api-client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { notify } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { useSetPassword } from '../api/set-password';

/** The invitation link's page: choose the first password, then log in. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const lang = useLanguage();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const setPasswordCall = useSetPassword();
  const failure = setPasswordCall.error instanceof ApiError ? errorMessage(setPasswordCall.error.code) : null;

  useEffect(() => {
    document.title = `${t('profile.setPassword.title')} · ${t('app.name')}`;
  }, [t]);

  const problem = passwordRuleProblem(password);
  const passwordError =
    submitted && problem
      ? t(problem.startsWith('Minimum') ? 'password.tooShort' : problem.startsWith('This field') ? 'validation.required' : 'password.tooWeak')
      : undefined;
  const confirmError = submitted && confirmPassword !== password ? t('profile.password.mismatch') : undefined;

  return (
    <Center px="md" py={{ base: 'lg', sm: 64 }}>
      <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={460}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (problem || confirmPassword !== password) return;
            setPasswordCall.mutate(
              { token, password, confirmPassword },
              {
                onSuccess: () => {
                  notify('success', t('profile.setPassword.done'));
                  void navigate(paths.login(lang), { replace: true });
                },
              },
            );
          }}
        >
          <Stack gap="md">
            <Title order={1}>{t('profile.setPassword.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('profile.setPassword.text')}
            </Text>
            {!token ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
                {t('error.token_missed')}
              </Alert>
            ) : null}
            {failure ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {failure}
              </Alert>
            ) : null}
            <PasswordInput label={t('profile.password.new')} value={password} onChange={setPassword} required error={passwordError} />
            <PasswordInput
              label={t('profile.password.confirm')}
              value={confirmPassword}
              onChange={setConfirmPassword}
              withStrength={false}
              required
              error={confirmError}
            />
            {password && !isStrongPassword(password) && !problem ? (
              <Text size="xs" c="dimmed">
                {t('password.hint')}
              </Text>
            ) : null}
            <Button type="submit" loading={setPasswordCall.isPending} disabled={!token} data-testid="set-password">
              {t('profile.setPassword.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
