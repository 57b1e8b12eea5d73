import { Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import { useSupportContactsHistory, type SupportContactsChange } from '../api/support-contacts';

function What({ change }: { change: SupportContactsChange }) {
  const { t } = useTranslation();
  const data = change.data as { group?: string; phone?: string; email?: string; contacts?: { name: string }[] };
  switch (change.type) {
    case 'SUPPORT_GROUP_CONTACT_SET':
      return (
        <>
          {t('supportContacts.history.group', { group: t(`shell.contact.groups.${data.group ?? 'emea'}`), phone: data.phone ?? '', email: data.email ?? '' })}
        </>
      );
    case 'PERSONAL_CONTACTS_SET':
      return <>{t('supportContacts.history.personal', { names: (data.contacts ?? []).map((c) => c.name).join(', ') || '–' })}</>;
    case 'IT_SUPPORT_EMAIL_SET':
      return <>{t('supportContacts.history.it', { email: data.email ?? '' })}</>;
  }
}

/** Who changed what, and when (the events of the support contacts), newest first. */
export function ChangeHistory() {
  const { t } = useTranslation();
  const format = useFormat();
  const history = useSupportContactsHistory();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="support-contacts-history">
      <Stack gap="sm">
        <Title order={2} size="h4" id="support-contacts-history">
          {t('supportContacts.history.title')}
        </Title>
        {history.data && history.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('supportContacts.history.empty')}
          </Text>
        ) : (
          <ScrollArea type="auto">
            <Table striped miw={560} data-testid="support-contacts-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.timestamp')}</Table.Th>
                  <Table.Th>{t('fields.author')}</Table.Th>
                  <Table.Th>{t('supportContacts.history.change')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(history.data ?? []).map((change, index) => (
                  <Table.Tr key={`${change.at}-${index}`}>
                    <Table.Td className="onsite-nowrap">{format.dateTime(change.at)}</Table.Td>
                    <Table.Td>{change.actor.name ?? change.actor.userId}</Table.Td>
                    <Table.Td>
                      <What change={change} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
    </Paper>
  );
}
