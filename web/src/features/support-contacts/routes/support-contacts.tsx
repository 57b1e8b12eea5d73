import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useSupportContacts } from '../api/support-contacts';
import { ChangeHistory } from '../components/ChangeHistory';
import { GroupContactForm } from '../components/GroupContactForm';
import { PersonalContactsForm } from '../components/PersonalContactsForm';

/**
 * The support contacts every user sees in the header (spec 2.3 and 9), set by staff administrators: a phone and an
 * e-mail per country group, the named people and the IT support address, with the history of every change.
 */
export function Component() {
  const { t } = useTranslation();
  const contacts = useSupportContacts();
  if (!contacts.data) return <PageSkeleton />;
  return (
    <Page
      title={t('supportContacts.title')}
      meta={
        <Text size="sm" c="dimmed">
          {t('supportContacts.intro')}
        </Text>
      }
    >
      <Stack gap="lg">
        <Title order={2} size="h4">
          {t('supportContacts.groups')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {contacts.data.groups.map((contact) => (
            <GroupContactForm key={contact.group} contact={contact} />
          ))}
        </SimpleGrid>
        <PersonalContactsForm contacts={contacts.data.personalContacts} itSupportEmail={contacts.data.itSupportEmail} />
        <ChangeHistory />
      </Stack>
    </Page>
  );
}
