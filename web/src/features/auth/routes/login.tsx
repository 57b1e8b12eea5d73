import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../lib/languages';
import { safeRedirect } from '../../../lib/paths';
import { LoginForm } from '../components/LoginForm';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { lang: langParam } = useParams();
  const lang = isLanguage(langParam) ? langParam : DEFAULT_LANGUAGE;

  useEffect(() => {
    document.title = `${t('auth.login.title')} · ${t('app.name')}`;
  }, [t]);

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
          <LoginForm onSuccess={() => void navigate(safeRedirect(searchParams.get('redirect'), lang), { replace: true })} />
        </Stack>
      </Paper>
    </Center>
  );
}
