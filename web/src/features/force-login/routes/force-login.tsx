import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/StatusState';
import { ApiError, errorMessage } from '../../../lib/api/api-client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { paths, safeRedirect } from '../../../lib/paths';
import { useForceLogIn } from '../api/force-login';

/** `force/log-in?token=…`: the link from user management; logs in as the customer user and opens their start page. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const lang = useLanguage();
  const forceLogIn = useForceLogIn();
  const started = useRef(false);
  const token = params.get('token') ?? '';

  useEffect(() => {
    // A token is single-use: spend it once, even under React's double effects.
    if (started.current || !token) return;
    started.current = true;
    forceLogIn.mutate(token, { onSuccess: () => void navigate(safeRedirect(null, lang), { replace: true }) });
  }, [token, forceLogIn, navigate, lang]);

  const failure = !token ? errorMessage('token_missed') : forceLogIn.error instanceof ApiError ? errorMessage(forceLogIn.error.code) : null;
  return (
    <Center px="md" py={{ base: 'lg', sm: 64 }}>
      <Paper withBorder p="xl" w="100%" maw={480}>
        {failure ? (
          <ErrorState
            headingOrder={1}
            title={t('profile.forceLogin.failed')}
            description={failure}
            action={{ label: t('actions.login'), to: paths.login(lang) }}
          />
        ) : (
          <Stack align="center" gap="sm">
            <Title order={1} size="h3">
              {t('profile.forceLogin.title')}
            </Title>
            <Loader size="sm" aria-hidden />
            <Text size="sm" c="dimmed">
              {t('profile.forceLogin.text')}
            </Text>
          </Stack>
        )}
      </Paper>
    </Center>
  );
}
