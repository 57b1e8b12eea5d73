import { Alert, Anchor, Button, Checkbox, Group, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { passwordRuleProblem } from '@onsite/domain';
import { type UserProfile } from '@onsite/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle } from '../../../components/icons';
import { Section } from '../../../components/Section';
import { ToneBadge } from '../../../components/ToneBadge';
import { PasswordInput, PhoneInput } from '../../../components/widgets';
import { documentFor, useLegalDocuments } from '../../../lib/session/agreements';
import { ApiError, errorMessage } from '../../../lib/api/api-client';
import { fieldError } from '../../../lib/forms/domain-messages';
import { notify } from '../../../lib/notify';
import { useChangePassword, useUpdateMyProfile } from '../api/my-profile';

/** `readOnly`: a read-only role (the auditor) sees its contact data and changes it through an administrator. */
export function ContactSection({ profile, readOnly = false }: { profile: UserProfile; readOnly?: boolean }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState(profile.phone ?? '');
  const [valid, setValid] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateMyProfile(profile._id);
  return (
    <Section title={t('profile.contact.title')}>
      <Stack gap="md">
        <Group grow align="flex-start">
          <TextInput label={t('users.columns.name')} value={`${profile.firstName} ${profile.lastName}`} readOnly variant="filled" />
          <TextInput label={t('fields.email')} value={profile.email} readOnly variant="filled" />
        </Group>
        <PhoneInput
          label={t('users.fields.phone')}
          value={phone}
          onChange={(value, isValid) => {
            setPhone(value);
            setValid(isValid);
            setError(undefined);
          }}
          defaultCountry={profile.country}
          error={error}
          readOnly={readOnly}
        />
        {readOnly ? null : (
          <Group justify="flex-end">
            <Button
              loading={update.isPending}
              data-testid="save-phone"
              onClick={() => {
                if (!valid) return setError(fieldError('Enter a valid phone number'));
                update.mutate(
                  { phone },
                  {
                    onSuccess: () => notify('success', t('profile.saved')),
                    onError: (e) => setError(e instanceof ApiError ? (e.details[0] ? fieldError(e.details[0].message) : errorMessage(e.code)) : undefined),
                  },
                );
              }}
            >
              {t('staffCommon.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Section>
  );
}

export function PasswordSection() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // A new form after each change: the password fields forget they were touched (they would say 'required').
  const [changes, setChanges] = useState(0);
  const problem = passwordRuleProblem(newPassword);
  const failure = change.error instanceof ApiError ? errorMessage(change.error.code) : null;
  return (
    <Section title={t('profile.password.title')}>
      <form
        key={changes}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (!oldPassword || problem || newPassword !== confirmPassword) return;
          change.mutate(
            { oldPassword, newPassword, confirmPassword },
            {
              onSuccess: () => {
                notify('success', t('profile.password.changed'));
                setOld('');
                setNew('');
                setConfirm('');
                setSubmitted(false);
                setChanges((n) => n + 1);
              },
            },
          );
        }}
      >
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="password-error">
              {failure}
            </Alert>
          ) : null}
          <PasswordInput
            label={t('profile.password.old')}
            value={oldPassword}
            onChange={setOld}
            withStrength={false}
            required
            autoComplete="current-password"
            error={submitted && !oldPassword ? t('validation.required') : undefined}
          />
          <PasswordInput
            label={t('profile.password.new')}
            value={newPassword}
            onChange={setNew}
            required
            error={submitted && problem ? fieldError(problem) : undefined}
          />
          <PasswordInput
            label={t('profile.password.confirm')}
            value={confirmPassword}
            onChange={setConfirm}
            withStrength={false}
            required
            error={submitted && newPassword !== confirmPassword ? t('profile.password.mismatch') : undefined}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('profile.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

export function NotificationSection({ profile, readOnly = false }: { profile: UserProfile; readOnly?: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateMyProfile(profile._id);
  const initial = profile.notificationSettings ?? { emails: [profile.email], sms: false, whatsapp: false };
  const [emails, setEmails] = useState<string[]>([...initial.emails]);
  const [sms, setSms] = useState(initial.sms);
  const [whatsapp, setWhatsapp] = useState(initial.whatsapp);
  const [error, setError] = useState<string | undefined>();
  const hasPhone = Boolean(profile.phone);
  return (
    <Section title={t('profile.notifications.title')}>
      <Stack gap="md">
        <TagsInput
          label={t('profile.notifications.emails')}
          description={t('profile.notifications.emailsHint')}
          required
          value={emails}
          onChange={(value) => {
            setEmails(value);
            setError(undefined);
          }}
          error={error}
          readOnly={readOnly}
        />
        <Group gap="lg">
          <Checkbox
            label={t('users.channels.sms')}
            checked={sms && hasPhone}
            disabled={!hasPhone || readOnly}
            onChange={(e) => setSms(e.currentTarget.checked)}
          />
          <Checkbox
            label={t('users.channels.whatsapp')}
            checked={whatsapp && hasPhone}
            disabled={!hasPhone || readOnly}
            onChange={(e) => setWhatsapp(e.currentTarget.checked)}
          />
        </Group>
        {!hasPhone ? (
          <Text size="xs" c="dimmed">
            {t('profile.notifications.phoneNeeded')}
          </Text>
        ) : null}
        {readOnly ? null : (
          <Group justify="flex-end">
            <Button
              loading={update.isPending}
              onClick={() => {
                if (emails.length === 0) return setError(t('profile.notifications.oneEmail'));
                update.mutate(
                  { notificationSettings: { emails, sms: sms && hasPhone, whatsapp: whatsapp && hasPhone } },
                  {
                    onSuccess: () => notify('success', t('profile.saved')),
                    onError: (e) => setError(e instanceof ApiError ? (e.details[0] ? fieldError(e.details[0].message) : errorMessage(e.code)) : undefined),
                  },
                );
              }}
            >
              {t('staffCommon.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Section>
  );
}

export function AgreementsSection({ profile, language }: { profile: UserProfile; language: string }) {
  const { t } = useTranslation();
  const documents = useLegalDocuments(language, true);
  const rows = [
    { kind: 'licence' as const, accepted: profile.acceptUserLicence !== false },
    { kind: 'privacy' as const, accepted: profile.privacyPolicyAccepted !== false },
  ];
  return (
    <Section title={t('profile.agreements.title')}>
      <Stack gap="sm">
        {rows.map(({ kind, accepted }) => {
          const document = documents.data ? documentFor(documents.data, kind) : undefined;
          return (
            <Group key={kind} justify="space-between" wrap="nowrap">
              <Text size="sm">{t(`agreements.${kind}.title`)}</Text>
              <Group gap="sm" wrap="nowrap">
                <ToneBadge tone={accepted ? 'done' : 'job'}>{t(accepted ? 'profile.agreements.accepted' : 'profile.agreements.pending')}</ToneBadge>
                {document ? (
                  <Anchor href={document.legalfile.url} target="_blank" rel="noopener" size="sm">
                    {t('profile.agreements.open')}
                  </Anchor>
                ) : null}
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Section>
  );
}
