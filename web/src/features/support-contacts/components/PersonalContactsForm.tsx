import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { PersonalContactsSchema, type PersonalContact } from '@onsite/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconTrash } from '../../../components/icons';
import { notify } from '../../../lib/notify';
import { useChangeSupportContacts } from '../api/support-contacts';
import { fieldErrors } from './messages';

/** The named people customers may write to, and the IT support address. */
export function PersonalContactsForm({ contacts, itSupportEmail }: { contacts: readonly PersonalContact[]; itSupportEmail: string | null }) {
  const { t } = useTranslation();
  const change = useChangeSupportContacts();
  const itChange = useChangeSupportContacts();
  const [people, setPeople] = useState<PersonalContact[]>(contacts.map((c) => ({ ...c })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [it, setIt] = useState(itSupportEmail ?? '');
  const [itError, setItError] = useState<string | undefined>();

  const setPerson = (index: number, field: keyof PersonalContact, value: string) =>
    setPeople((current) => current.map((p, i) => (i === index ? { ...p, [field]: value } : p)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PersonalContactsSchema.safeParse({ contacts: people });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    change.mutate({ path: '/support-contacts/set-personal', body: parsed.data }, { onSuccess: () => notify('success', t('supportContacts.personalSaved')) });
  };
  const submitIt = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PersonalContactsSchema.shape.contacts.element.shape.email.safeParse(it);
    if (!parsed.success) {
      setItError(fieldErrors(parsed.error)[''] ?? t('validation.email'));
      return;
    }
    setItError(undefined);
    itChange.mutate(
      { path: '/support-contacts/set-it-support', body: { email: parsed.data } },
      { onSuccess: () => notify('success', t('supportContacts.itSaved')) },
    );
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-label={t('shell.contact.personal')}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('shell.contact.personal')}
          </Title>
          {people.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('supportContacts.noPeople')}
            </Text>
          ) : null}
          {people.map((person, index) => (
            <Group key={index} align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label={t('supportContacts.personTitle')}
                value={person.title}
                onChange={(e) => setPerson(index, 'title', e.currentTarget.value)}
                error={errors[`contacts.${index}.title`]}
                required
                miw={160}
                style={{ flex: 1 }}
              />
              <TextInput
                label={t('supportContacts.personName')}
                value={person.name}
                onChange={(e) => setPerson(index, 'name', e.currentTarget.value)}
                error={errors[`contacts.${index}.name`]}
                required
                miw={160}
                style={{ flex: 1 }}
              />
              <TextInput
                label={t('supportContacts.email')}
                type="email"
                value={person.email}
                onChange={(e) => setPerson(index, 'email', e.currentTarget.value)}
                error={errors[`contacts.${index}.email`]}
                required
                miw={200}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={t('supportContacts.removePerson', { name: person.name || String(index + 1) })}
                onClick={() => setPeople((current) => current.filter((_, i) => i !== index))}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => setPeople((current) => [...current, { title: '', name: '', email: '' }])}>
              {t('supportContacts.addPerson')}
            </Button>
            <Button type="submit" variant="light" loading={change.isPending}>
              {t('supportContacts.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submitIt} noValidate aria-label={t('supportContacts.itSupport')}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('supportContacts.itSupport')}
          </Title>
          <TextInput label={t('supportContacts.email')} type="email" value={it} onChange={(e) => setIt(e.currentTarget.value)} error={itError} required />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={itChange.isPending}>
              {t('supportContacts.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
