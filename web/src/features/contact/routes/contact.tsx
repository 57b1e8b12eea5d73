import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { supportContactFor } from '@onsite/domain';
import { ContactAnswerSchema, ContactRequestSchema } from '@onsite/contracts';
import { useSupportContacts } from '../../../lib/support-contacts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { IconCheck } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard';
import { PhoneInput } from '../../../components/widgets';
import { ApiError, apiRequest } from '../../../lib/api/api-client';
import { useProfile } from '../../../lib/session/session';

type Errors = Partial<Record<'subject' | 'message', string>>;

/** contact: a message to the support team of the user's country, with their phone for a call back. */
export function Component() {
  const { t } = useTranslation();
  const profile = useProfile();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [phone, setPhone] = useState(profile?.phone ?? '');
  const [callBack, setCallBack] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const send = useMutation({
    mutationFn: (body: z.input<typeof ContactRequestSchema>) =>
      apiRequest('/cms/contact', { body, schema: ContactAnswerSchema, handledErrors: ['validation_error'] }),
  });
  const guard = useUnsavedChangesGuard(!send.isSuccess && (subject.trim() !== '' || message.trim() !== ''));
  const contacts = useSupportContacts();
  if (!profile) return <PageSkeleton />;
  const support = contacts.data ? supportContactFor(contacts.data, profile.country) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!subject.trim()) found.subject = t('validation.required');
    if (!message.trim()) found.message = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length) return;
    send.mutate({ subject, message, phone: phone || undefined, callBack });
  };
  const reset = () => {
    setSubject('');
    setMessage('');
    setCallBack(false);
    send.reset();
  };

  return (
    <Page
      title={t('page.titles.contact')}
      width="form"
      meta={
        <Text size="sm" c="dimmed">
          {t('contact.intro')}
        </Text>
      }
    >
      {guard.dialog}
      <Stack gap="lg">
        {support?.phone || support?.email ? (
          <Paper withBorder p="md" radius="md">
            <Group gap="xl" wrap="wrap">
              {support.phone ? (
                <Stack gap={2}>
                  <Text size="xs" c="dimmed" fw={600}>
                    {t('contact.phone')}
                  </Text>
                  <Anchor href={`tel:${support.phone.replace(/\s/g, '')}`}>{support.phone}</Anchor>
                </Stack>
              ) : null}
              {support.email ? (
                <Stack gap={2}>
                  <Text size="xs" c="dimmed" fw={600}>
                    {t('contact.email')}
                  </Text>
                  <Anchor href={`mailto:${support.email}`}>{support.email}</Anchor>
                </Stack>
              ) : null}
            </Group>
          </Paper>
        ) : null}
        {send.isSuccess ? (
          <Alert color="teal" variant="light" icon={<IconCheck />} data-testid="contact-sent">
            <Stack gap="xs">
              <Text size="sm">{t('contact.sent', { email: send.data.sentTo })}</Text>
              <Group>
                <Button size="xs" variant="default" onClick={reset}>
                  {t('contact.another')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="form" onSubmit={submit} noValidate aria-label={t('page.titles.contact')}>
            <Stack gap="md">
              {send.error ? (
                <Alert color="red" variant="light" role="alert">
                  {send.error instanceof ApiError
                    ? t(`error.${send.error.code}`, { defaultValue: t('notification.defaultError') })
                    : t('notification.defaultError')}
                </Alert>
              ) : null}
              <TextInput
                label={t('contact.subject')}
                required
                maxLength={200}
                value={subject}
                onChange={(e) => setSubject(e.currentTarget.value)}
                error={errors.subject}
              />
              <Textarea
                label={t('contact.message')}
                required
                autosize
                minRows={5}
                maxLength={4000}
                value={message}
                onChange={(e) => setMessage(e.currentTarget.value)}
                error={errors.message}
              />
              <PhoneInput label={t('contact.callBackPhone')} value={phone} defaultCountry={profile.country} onChange={(value) => setPhone(value)} />
              <Checkbox label={t('contact.callBack')} checked={callBack} onChange={(e) => setCallBack(e.currentTarget.checked)} disabled={!phone} />
              <Group justify="flex-end">
                <Button type="submit" loading={send.isPending} data-testid="send-contact">
                  {t('contact.send')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Page>
  );
}
