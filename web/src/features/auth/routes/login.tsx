import { Anchor, Center, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLanguage } from '../../../lib/i18n/use-language';
import { paths, safeRedirect } from '../../../lib/paths';
import { EmailVerification } from '../components/EmailVerification';
import { LoginForm } from '../components/LoginForm';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const lang = useLanguage();
  // The verification link (`?verify=1&token=…`): its token is kept here and taken off the address, so a reload
  // does not spend it twice.
  const [verificationToken] = useState(() => (searchParams.get('verify') === '1' ? searchParams.get('token') : null));

  useEffect(() => {
    document.title = `${t('auth.login.title')} · ${t('app.name')}`;
  }, [t]);
  useEffect(() => {
    if (!verificationToken) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete('verify');
    rest.delete('token');
    if (rest.toString() !== searchParams.toString()) setSearchParams(rest, { replace: true });
  }, [verificationToken, searchParams, setSearchParams]);

  return (
    <Center px="md" py={{ base: 'lg', sm: 64 }}>
      <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={1}>{t('auth.login.title')}</Title>
            <Text c="dimmed" size="sm">
              {t('auth.login.subtitle')}
            </Text>
          </Stack>
          {verificationToken ? <EmailVerification token={verificationToken} /> : null}
          <LoginForm
            onSuccess={() => void navigate(safeRedirect(searchParams.get('redirect'), lang), { replace: true })}
            forgotPasswordLink={
              <Anchor component={Link} to={paths.forgotPassword(lang)} size="sm" data-testid="forgot-password-link">
                {t('account.login.forgotPassword')}
              </Anchor>
            }
          />
          <Divider />
          <Text size="sm" ta="center">
            {t('account.login.noAccount')}{' '}
            <Anchor component={Link} to={paths.registration(lang)} underline="always" data-testid="register-link">
              {t('account.login.register')}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
