import { Alert, Button, Group, SimpleGrid, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { CountryRequestSchema } from '@onsite/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle } from '../../../components/icons';
import { AntiRobotCheck, PhoneInput } from '../../../components/widgets';
import type { AntiRobotValue } from '../../../components/widgets/anti-robot';
import { ApiError } from '../../../lib/api/api-client';
import { detailsToErrors, issuesToErrors, type FieldErrors } from '../../../lib/forms/forms';
import { notify } from '../../../lib/notify';
import { useAntiRobotChallenge, useCountryRequest } from '../api/account';
import { accountFieldError, failureMessage } from './messages';
import { FixedDialog } from '../../../components/FixedDialog';

export interface CountryRequestPrefill {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
}

type Values = CountryRequestPrefill & { country: string; servicesOfInterest: string[]; remarks: string; contactTime: string };

/** 'My country is not listed': the visitor tells us where they are and how to reach them (a lead for sales). */
export function CountryRequestDialog({ prefill, onClose }: { prefill: CountryRequestPrefill; onClose: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>({ ...prefill, country: '', servicesOfInterest: [], remarks: '', contactTime: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [antiRobot, setAntiRobot] = useState<AntiRobotValue>({ checked: false, startedAt: 0 });
  const challenge = useAntiRobotChallenge();
  const [proving, setProving] = useState(false);
  const [robotMissing, setRobotMissing] = useState(false);
  const onRobot = useCallback((value: AntiRobotValue) => {
    setAntiRobot(value);
    if (value.startedAt) setRobotMissing(false);
  }, []);
  const send = useCountryRequest();
  const failure = send.error instanceof ApiError && send.error.code === 'validation_error' ? null : failureMessage(send.error);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => {
      const { [key]: _cleared, ...rest } = previous;
      return rest;
    });
  };
  const error = (key: keyof Values) => accountFieldError(errors[key]);

  const submit = async () => {
    const input = { ...values, remarks: values.remarks || undefined, contactTime: values.contactTime || undefined, antiRobot };
    const parsed = CountryRequestSchema.safeParse(input);
    const found: FieldErrors = parsed.success ? {} : issuesToErrors(parsed.error.issues.filter((issue) => issue.path[0] !== 'antiRobot'));
    if (values.phone === '') found.phone = 'This field is required.';
    setErrors(found);
    setRobotMissing(antiRobot.startedAt === 0);
    if (!parsed.success || Object.keys(found).length > 0 || antiRobot.startedAt === 0) {
      notify('error', t('notification.formError'));
      return;
    }
    setProving(true);
    const proof = await challenge.withChallenge(antiRobot).finally(() => setProving(false));
    send.mutate(
      { ...input, antiRobot: proof },
      {
        onSuccess: () => {
          notify('success', t('account.countryRequest.sent'));
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.code === 'validation_error') setErrors(detailsToErrors(e.details));
          if (e instanceof ApiError && e.code === 'anti_spam_failed') challenge.renew();
        },
      },
    );
  };

  return (
    <FixedDialog opened onClose={onClose} title={t('account.countryRequest.title')} size="lg">
      <form
        noValidate
        aria-label={t('account.countryRequest.title')}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('account.countryRequest.text')}</Text>
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label={t('account.fields.yourCountry')}
            required
            value={values.country}
            onChange={(e) => set('country', e.currentTarget.value)}
            error={error('country')}
            data-autofocus
          />
          <TextInput
            label={t('account.fields.companyName')}
            required
            value={values.companyName}
            onChange={(e) => set('companyName', e.currentTarget.value)}
            error={error('companyName')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('account.fields.firstName')}
              required
              value={values.firstName}
              onChange={(e) => set('firstName', e.currentTarget.value)}
              error={error('firstName')}
            />
            <TextInput
              label={t('account.fields.lastName')}
              required
              value={values.lastName}
              onChange={(e) => set('lastName', e.currentTarget.value)}
              error={error('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.email')}
            type="email"
            required
            value={values.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={error('email')}
          />
          <PhoneInput label={t('account.fields.phone')} required value={values.phone} onChange={(v) => set('phone', v)} error={error('phone')} />
          <TagsInput
            label={t('account.countryRequest.services')}
            description={t('account.countryRequest.servicesHint')}
            value={values.servicesOfInterest}
            onChange={(v) => set('servicesOfInterest', v)}
            maxTags={50}
          />
          <TextInput
            label={t('account.countryRequest.contactTime')}
            value={values.contactTime}
            onChange={(e) => set('contactTime', e.currentTarget.value)}
            error={error('contactTime')}
          />
          <Textarea
            label={t('fields.remarks')}
            autosize
            minRows={2}
            maxLength={2000}
            value={values.remarks}
            onChange={(e) => set('remarks', e.currentTarget.value)}
            error={error('remarks')}
          />
          <Stack gap={4}>
            <AntiRobotCheck onChange={onRobot} />
            {robotMissing ? (
              <Text size="xs" c="red.8" role="alert">
                {t('account.validation.robot')}
              </Text>
            ) : null}
          </Stack>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending || proving} data-testid="send-country-request">
              {t('account.countryRequest.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FixedDialog>
  );
}
