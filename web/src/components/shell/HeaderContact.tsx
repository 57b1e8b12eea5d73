import { Anchor, Button, Group, Modal, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IT_SUPPORT_EMAIL, PERSONAL_CONTACTS, supportContactFor, supportContactsFor } from '@onsite/domain';
import { IconInfoCircle } from '../icons';

const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

/** OEM users who order for several countries: the support contacts of those countries, in a modal table. */
function ContactModalLink({ countries }: { countries: readonly string[] }) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button variant="subtle" size="sm" leftSection={<IconInfoCircle size={16} />} onClick={modal.open} data-testid="header-contact">
        {t('shell.contact.link')}
      </Button>
      <Modal opened={opened} onClose={modal.close} title={t('shell.contact.title')} size="lg" closeButtonProps={{ 'aria-label': t('actions.close') }}>
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
    </>
  );
}

/** The header contact (spec 2.3): the modal link for OEM users with countriesToOrder, else phone and e-mail. */
export function HeaderContact({ type, country, countriesToOrder, stacked = false, contactFormPath }: {
  type: string;
  country: string;
  countriesToOrder?: readonly string[] | null;
  /** Where the contact form is, for users who may use it. */
  contactFormPath?: string | null;
  /** Stacked for the navigation drawer (always shown there); inline in the header from the lg breakpoint. */
  stacked?: boolean;
}) {
  const { t } = useTranslation();
  if (type === 'OEM' && countriesToOrder && countriesToOrder.length > 0) return <ContactModalLink countries={countriesToOrder} />;
  const contact = supportContactFor(country);
  const subject = encodeURIComponent(t('shell.contact.subject'));
  return (
    <Group gap="md" wrap={stacked ? 'wrap' : 'nowrap'} visibleFrom={stacked ? undefined : 'lg'} data-testid={stacked ? 'drawer-contact-links' : 'header-contact'}>
      <Anchor href={telHref(contact.phone)} size="sm" c="gray.8" aria-label={t('shell.contact.callSupport', { phone: contact.phone })}>
        {contact.phone}
      </Anchor>
      <Anchor href={`mailto:${contact.email}?subject=${subject}`} size="sm" c="gray.8">
        {t('shell.contact.writeUs')}
      </Anchor>
      {contactFormPath ? (
        <Anchor component={Link} to={contactFormPath} size="sm" c="gray.8" data-testid="contact-form-link">
          {t('page.titles.contact')}
        </Anchor>
      ) : null}
    </Group>
  );
}
