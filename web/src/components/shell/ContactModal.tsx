import { Anchor, Modal, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supportContactsFor } from '@onsite/domain';
import { useSupportContacts } from '../../lib/support-contacts';
import { telHref } from './tel-href';

/** The support contacts of an OEM user's countries, in a modal table (HeaderContact); its own chunk. */
export function ContactModal({ opened, onClose, countries }: { opened: boolean; onClose: () => void; countries: readonly string[] }) {
  const { t } = useTranslation();
  // Mounted closed and opened right after, so the first opening has its transition like the later ones.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const contacts = useSupportContacts().data;
  const groups = contacts ? supportContactsFor(contacts, countries) : [];
  return (
    <Modal opened={opened && ready} onClose={onClose} title={t('shell.contact.title')} size="lg" closeButtonProps={{ 'aria-label': t('actions.close') }}>
      <Stack gap="lg">
        <ScrollArea type="auto">
          <Table striped withTableBorder miw={480}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('shell.contact.region')}</Table.Th>
                <Table.Th>{t('shell.contact.phone')}</Table.Th>
                <Table.Th>{t('shell.contact.email')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.map((contact) => (
                <Table.Tr key={contact.group}>
                  <Table.Td>
                    <span aria-hidden="true">{contact.flags}</span> {t(`shell.contact.groups.${contact.group}`)}
                  </Table.Td>
                  <Table.Td className="onsite-nowrap">{contact.phone ? <Anchor href={telHref(contact.phone)}>{contact.phone}</Anchor> : '–'}</Table.Td>
                  <Table.Td>{contact.email ? <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor> : '–'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {contacts && contacts.personalContacts.length > 0 ? (
          <Stack gap="xs">
            <Title order={3}>{t('shell.contact.personal')}</Title>
            {contacts.personalContacts.map((person) => (
              <Text key={person.email} size="sm">
                {person.title}: {person.name} –{' '}
                <Anchor href={`mailto:${person.email}`} underline="always">
                  {person.email}
                </Anchor>
              </Text>
            ))}
          </Stack>
        ) : null}
        {contacts?.itSupportEmail ? (
          <Text size="sm">
            {t('shell.contact.itSupport')}{' '}
            <Anchor href={`mailto:${contacts.itSupportEmail}`} underline="always">
              {contacts.itSupportEmail}
            </Anchor>
          </Text>
        ) : null}
      </Stack>
    </Modal>
  );
}
