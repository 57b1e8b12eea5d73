import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { SupportGroupContactSchema, type SupportContact } from '@onsite/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useChangeSupportContacts } from '../api/support-contacts';
import { fieldErrors } from './messages';

/** One country group's support phone and e-mail. */
export function GroupContactForm({ contact }: { contact: SupportContact }) {
  const { t } = useTranslation();
  const change = useChangeSupportContacts();
  const [phone, setPhone] = useState(contact.phone ?? '');
  const [email, setEmail] = useState(contact.email ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const name = t(`shell.contact.groups.${contact.group}`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SupportGroupContactSchema.safeParse({ group: contact.group, phone, email });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    change.mutate(
      { path: '/support-contacts/set-group', body: parsed.data },
      { onSuccess: () => notify('success', t('supportContacts.saved', { group: name })) },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-label={name} data-testid={`group-${contact.group}`}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5">
            <span aria-hidden="true">{contact.flags}</span> {name}
          </Title>
          <Text size="xs" c="dimmed">
            {contact.countries.map((country) => t(`countries.${country}`)).join(', ')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('supportContacts.phone')}
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={errors.phone}
            required
            miw={200}
          />
          <TextInput
            label={t('supportContacts.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            required
            miw={200}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={change.isPending}>
            {t('supportContacts.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
