import { Anchor, Modal, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IT_SUPPORT_EMAIL, PERSONAL_CONTACTS, supportContactsFor } from '@onsite/domain';
import { telHref } from './tel-href';

/** The support contacts of an OEM user's countries, in a modal table (HeaderContact); its own chunk. */
export function ContactModal({ opened, onClose, countries }: { opened: boolean; onClose: () => void; countries: readonly string[] }) {
  const { t } = useTranslation();
  // Mounted closed and opened right after, so the first opening has its transition like the later ones.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
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
              {supportContactsFor(countries).map((contact) => (
                <Table.Tr key={contact.group}>
                  <Table.Td>
                    <span aria-hidden="true">{contact.flags}</span> {t(`shell.contact.groups.${contact.group}`)}
                  </Table.Td>
                  <Table.Td className="onsite-nowrap">
                    <Anchor href={telHref(contact.phone)}>{contact.phone}</Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <Stack gap="xs">
          <Title order={3}>{t('shell.contact.personal')}</Title>
          {PERSONAL_CONTACTS.map((person) => (
            <Text key={person.email} size="sm">
              {person.title}: {person.name} – <Anchor href={`mailto:${person.email}`}>{person.email}</Anchor>
            </Text>
          ))}
        </Stack>
        <Text size="sm">
          {t('shell.contact.itSupport')} <Anchor href={`mailto:${IT_SUPPORT_EMAIL}`}>{IT_SUPPORT_EMAIL}</Anchor>
        </Text>
      </Stack>
    </Modal>
  );
}
