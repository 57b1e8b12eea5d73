import { Alert, Anchor, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { REQUIRED } from '@onsite/domain';
import { EMAILS_NOT_EQUAL, PASSWORDS_NOT_EQUAL, RegistrationSchema } from '@onsite/contracts';
import { useCallback, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconAlertCircle, IconCheck } from '../../../components/icons';
import { AntiRobotCheck, BriefingLayout, CountrySelect, PasswordInput, PhoneInput, type BriefingLinks } from '../../../components/widgets';
import type { AntiRobotValue } from '../../../components/widgets/anti-robot';
import { ApiError } from '../../../lib/api/api-client';
import { detailsToErrors, issuesToErrors, type FieldErrors } from '../../../lib/forms/forms';
import { type Language } from '../../../lib/i18n/languages';
import { useLanguage } from '../../../lib/i18n/use-language';
import { notify } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { useAntiRobotChallenge, useRegister, useResendVerification } from '../api/account';
import { AuthCard } from '../components/AuthCard';
import { CountryRequestDialog } from '../components/CountryRequestDialog';
import { accountFieldError, failureMessage } from '../components/messages';

interface Values {
  companyName: string;
  country: string;
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  phone: string;
  password: string;
  confirmPassword: string;
  privacyPolicyAccepted: boolean;
}
const EMPTY: Values = {
  companyName: '',
  country: '',
  firstName: '',
  lastName: '',
  email: '',
  confirmEmail: '',
  phone: '',
  password: '',
  confirmPassword: '',
  privacyPolicyAccepted: false,
};

/**
 * The field rules (the shared schema) plus a required phone; the anti-robot check apart. The schema
 * compares the confirmations only once every field is valid, so they are compared here too, to say it at once.
 */
function validate(values: Values): FieldErrors {
  const parsed = RegistrationSchema.safeParse({ ...values, antiRobot: { checked: false, startedAt: 1 } });
  const errors = parsed.success ? {} : issuesToErrors(parsed.error.issues);
  if (values.phone.trim() === '') errors.phone = REQUIRED;
  if (!errors.confirmEmail && values.confirmEmail.trim().toLowerCase() !== values.email.trim().toLowerCase()) errors.confirmEmail = EMAILS_NOT_EQUAL;
  if (!errors.confirmPassword && values.confirmPassword !== values.password) errors.confirmPassword = PASSWORDS_NOT_EQUAL;
  return errors;
}

/** The marketing sources registration explains itself for (`?source=`), with the routes their paragraphs link to. */
const briefingLinks = (lang: Language): BriefingLinks => ({
  'trade-fair': [paths.servicePortfolio(lang), paths.login(lang)],
  newsletter: [paths.servicePortfolio(lang), paths.terms(lang)],
});

/** Register a company with its first administrator; the e-mail address is verified through a link. */
export function Component() {
  const lang = useLanguage();
  return (
    <BriefingLayout textKey="account.briefing" links={briefingLinks(lang)}>
      <Registration lang={lang} />
    </BriefingLayout>
  );
}

function Registration({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [validated, setValidated] = useState(false);
  const [antiRobot, setAntiRobot] = useState<AntiRobotValue>({ checked: false, startedAt: 0 });
  const challenge = useAntiRobotChallenge();
  const [proving, setProving] = useState(false);
  const [robotKey, setRobotKey] = useState(0);
  const [robotMissing, setRobotMissing] = useState(false);
  const [countryDialog, setCountryDialog] = useState(false);
  const [registered, setRegistered] = useState<string | null>(null);
  const register = useRegister();
  const resend = useResendVerification();
  const failure =
    register.error instanceof ApiError && register.error.code === 'validation_error' ? t('error.validation_error') : failureMessage(register.error);

  const onRobot = useCallback((value: AntiRobotValue) => {
    setAntiRobot(value);
    if (value.startedAt) setRobotMissing(false);
  }, []);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (validated) setErrors(validate(next));
    else
      setErrors((previous) => {
        const { [key]: _cleared, ...rest } = previous;
        return rest;
      });
  };
  const error = (key: keyof Values) => accountFieldError(errors[key]);
  const text = (
    key: 'companyName' | 'firstName' | 'lastName' | 'email' | 'confirmEmail',
    label: string,
    extra: { type?: string; autoComplete?: string } = {},
  ) => <TextInput label={label} required value={values[key]} onChange={(e) => set(key, e.currentTarget.value)} error={error(key)} {...extra} />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setValidated(true);
    const found = validate(values);
    setErrors(found);
    setRobotMissing(antiRobot.startedAt === 0);
    if (Object.keys(found).length > 0 || antiRobot.startedAt === 0) {
      notify('error', t('notification.formError'));
      return;
    }
    setProving(true);
    const proof = await challenge.withChallenge(antiRobot).finally(() => setProving(false));
    const parsed = RegistrationSchema.parse({ ...values, antiRobot: proof });
    register.mutate(parsed, {
      onSuccess: () => setRegistered(parsed.email),
      onError: (e) => {
        if (!(e instanceof ApiError)) return;
        if (e.code === 'validation_error') setErrors(detailsToErrors(e.details));
        if (e.code === 'email_used') setErrors({ email: 'error.email_used' });
        if (e.code === 'phone_used') setErrors({ phone: 'error.phone_used' });
        if (e.code === 'anti_spam_failed') {
          setRobotKey((k) => k + 1);
          challenge.renew();
        }
      },
    });
  };

  if (registered) {
    return (
      <AuthCard title={t('account.registration.doneTitle')}>
        <Alert color="teal" variant="light" icon={<IconCheck size={18} />} role="status" data-testid="registration-done">
          <Stack gap={6}>
            <Text size="sm">{t('account.registration.doneText', { email: registered })}</Text>
            <Text size="sm">{t('account.registration.doneHint')}</Text>
          </Stack>
        </Alert>
        {resend.isSuccess ? (
          <Text size="sm" c="teal.9" role="status">
            {t('account.verify.resent', { email: registered })}
          </Text>
        ) : null}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Anchor component={Link} to={paths.login(lang)} size="sm">
            {t('account.backToLogin')}
          </Anchor>
          <Button variant="default" loading={resend.isPending} onClick={() => resend.mutate(registered)} data-testid="resend-verification">
            {t('account.verify.resend')}
          </Button>
        </Group>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('account.registration.title')} text={t('account.registration.text')} width={720}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('account.registration.title')}>
        <Stack gap="lg">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="registration-error">
              {failure}
            </Alert>
          ) : null}
          <Stack gap="sm" component="section" aria-labelledby="registration-company">
            <Title order={2} size="h4" id="registration-company">
              {t('account.registration.company')}
            </Title>
            {text('companyName', t('account.fields.companyName'), { autoComplete: 'organization' })}
            <Stack gap={4}>
              <CountrySelect
                label={t('fields.country')}
                value={values.country || null}
                onChange={(v) => set('country', v ?? '')}
                servedOnly
                required
                error={error('country')}
              />
              <Anchor component="button" type="button" size="sm" ta="left" onClick={() => setCountryDialog(true)} data-testid="country-not-listed">
                {t('account.registration.countryNotListed')}
              </Anchor>
            </Stack>
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="registration-user">
            <Title order={2} size="h4" id="registration-user">
              {t('account.registration.user')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('firstName', t('account.fields.firstName'), { autoComplete: 'given-name' })}
              {text('lastName', t('account.fields.lastName'), { autoComplete: 'family-name' })}
              {text('email', t('fields.email'), { type: 'email', autoComplete: 'email' })}
              {text('confirmEmail', t('account.fields.confirmEmail'), { type: 'email', autoComplete: 'off' })}
            </SimpleGrid>
            <PhoneInput
              key={values.country || 'none'}
              label={t('account.fields.phone')}
              required
              value={values.phone}
              defaultCountry={values.country || null}
              onChange={(v) => set('phone', v)}
              error={error('phone')}
            />
            <PasswordInput label={t('fields.password')} value={values.password} onChange={(v) => set('password', v)} required error={error('password')} />
            <PasswordInput
              label={t('account.fields.confirmPassword')}
              value={values.confirmPassword}
              onChange={(v) => set('confirmPassword', v)}
              withStrength={false}
              required
              error={error('confirmPassword')}
            />
          </Stack>
          <Stack gap="sm">
            <Checkbox
              checked={values.privacyPolicyAccepted}
              onChange={(e) => set('privacyPolicyAccepted', e.currentTarget.checked)}
              error={error('privacyPolicyAccepted')}
              data-testid="accept-privacy"
              label={
                <Trans
                  i18nKey="account.registration.acceptTerms"
                  components={{
                    privacy: <Anchor href={paths.privacy(lang)} target="_blank" rel="noopener noreferrer" inherit underline="always" />,
                    terms: <Anchor href={paths.terms(lang)} target="_blank" rel="noopener noreferrer" inherit underline="always" />,
                  }}
                />
              }
            />
            <Stack gap={4}>
              <AntiRobotCheck key={robotKey} onChange={onRobot} />
              {robotMissing ? (
                <Text size="xs" c="red.8" role="alert" data-testid="robot-missing">
                  {t('account.validation.robot')}
                </Text>
              ) : null}
            </Stack>
          </Stack>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm">
              {t('account.registration.haveAccount')}{' '}
              <Anchor component={Link} to={paths.login(lang)} underline="always">
                {t('actions.login')}
              </Anchor>
            </Text>
            <Button type="submit" loading={register.isPending || proving} data-testid="register">
              {t('account.registration.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {countryDialog ? (
        <CountryRequestDialog
          prefill={{ email: values.email, firstName: values.firstName, lastName: values.lastName, companyName: values.companyName, phone: values.phone }}
          onClose={() => setCountryDialog(false)}
        />
      ) : null}
    </AuthCard>
  );
}
