import { Alert, Anchor, Button, Center, Container, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { ProviderSetupSchema, SETUP_COUNTRY_UNKNOWN, type ProviderSetup } from '@onsite/domain';
import { type SetupAnswer } from '@onsite/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { IconAlertCircle, IconCheck } from '../../../components/icons';
import { NotFoundState } from '../../../components/StatusState';
import { CountrySelect } from '../../../components/widgets';
import { ApiError, errorMessage } from '../../../lib/api/api-client';
import { fieldError } from '../../../lib/forms/domain-messages';
import { useLanguage } from '../../../lib/i18n/use-language';
import { paths } from '../../../lib/paths';
import { useCompleteSetup, useSetupStatus } from '../api/setup';

type Field = keyof ProviderSetup;
const EMPTY: ProviderSetup = { companyName: '', country: '', firstName: '', lastName: '', email: '' };

function Frame({ title, text, children }: { title: string; text?: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [t, title]);
  return (
    <Center px="md" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={560}>
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={1}>{title}</Title>
            {text ? (
              <Text c="dimmed" size="sm">
                {text}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** After setup: where the invitation went, and (dev outbox) the invitation itself with its link. */
function Done({ answer }: { answer: SetupAnswer }) {
  const { t } = useTranslation();
  return (
    <Frame title={t('setup.done.title')}>
      <Alert color="teal" variant="light" icon={<IconCheck size={18} />} role="status" data-testid="setup-done">
        {t('setup.done.text', { email: answer.email })}
      </Alert>
      {answer.invitation ? (
        <Paper withBorder p="md" component="article" aria-label={answer.invitation.subject} data-testid="setup-invitation">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('setup.done.outbox')}
            </Text>
            <Text fw={600}>{answer.invitation.subject}</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {answer.invitation.text}
            </Text>
            {answer.invitation.link ? (
              <Anchor href={answer.invitation.link} size="sm">
                {t('setup.done.openInvitation')}
              </Anchor>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Frame>
  );
}

/**
 * First-run setup (the link the server printed): the provider company and its first administrator. Without a
 * good link, and for ever once setup is done, the page is 'not found', as the api's answer is.
 */
export function Component() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useSetupStatus(token);
  const complete = useCompleteSetup();
  const [values, setValues] = useState<ProviderSetup>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const messageOf = (message: string | undefined) => (message === SETUP_COUNTRY_UNKNOWN ? t('setup.countryRequired') : fieldError(message));

  if (complete.data) return <Done answer={complete.data} />;
  if (token && status.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('setup.checking')} />
      </Center>
    );
  }
  if (!token || status.isError) {
    return (
      <Container size="sm" py="xl">
        <NotFoundState title={t('page.notFound.title')} description={t('page.notFound.text')} action={{ label: t('actions.goHome'), to: paths.home(lang) }} />
      </Container>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ProviderSetupSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= messageOf(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    complete.mutate(
      { ...parsed.data, token },
      {
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const found: Partial<Record<Field, string>> = {};
          for (const detail of error.details) found[detail.path as Field] ??= messageOf(detail.message);
          setErrors(found);
        },
      },
    );
  };
  const failure =
    complete.error instanceof ApiError
      ? complete.error.status === 404
        ? t('setup.gone')
        : complete.error.status === 429
          ? errorMessage('too_many_attempts')
          : errorMessage(complete.error.code)
      : complete.error
        ? errorMessage('server_error')
        : null;

  return (
    <Frame title={t('setup.title')} text={t('setup.text')}>
      <form onSubmit={submit} noValidate aria-label={t('setup.title')}>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <Title order={2} size="h4">
            {t('setup.company')}
          </Title>
          <TextInput
            label={t('setup.companyName')}
            value={values.companyName}
            onChange={(e) => set('companyName', e.currentTarget.value)}
            required
            error={errors.companyName}
          />
          <CountrySelect label={t('fields.country')} value={values.country || null} onChange={(v) => set('country', v ?? '')} required error={errors.country} />
          <Title order={2} size="h4">
            {t('setup.admin')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('setup.adminText')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('setup.firstName')}
              value={values.firstName}
              onChange={(e) => set('firstName', e.currentTarget.value)}
              required
              error={errors.firstName}
              autoComplete="given-name"
            />
            <TextInput
              label={t('setup.lastName')}
              value={values.lastName}
              onChange={(e) => set('lastName', e.currentTarget.value)}
              required
              error={errors.lastName}
              autoComplete="family-name"
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.email')}
            type="email"
            value={values.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            required
            error={errors.email}
            autoComplete="email"
          />
          <Button type="submit" loading={complete.isPending} data-testid="setup-submit">
            {t('setup.submit')}
          </Button>
        </Stack>
      </form>
    </Frame>
  );
}
