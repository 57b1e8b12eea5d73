import { Anchor, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { supportContactFor } from '@onsite/domain';
import { useSupportContacts } from '../../lib/support-contacts';
import { IconInfoCircle } from '../icon-base';
import { loadContactModal, prefetchShellParts } from './lazy-parts';
import { telHref } from './tel-href';

const ContactModal = lazy(() => loadContactModal().then((module) => ({ default: module.ContactModal })));

/** OEM users who order for several countries: the support contacts of those countries, in a modal table. */
function ContactModalLink({ countries }: { countries: readonly string[] }) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  // The modal's code (Mantine's modal and table) is fetched when the browser is idle and mounted at the first
  // opening; it stays mounted after that, for its closing transition.
  const [used, setUsed] = useState(false);
  if (opened && !used) setUsed(true);
  useEffect(() => prefetchShellParts([loadContactModal]), []);
  return (
    <>
      <Button variant="subtle" size="sm" leftSection={<IconInfoCircle size={16} />} onClick={modal.open} data-testid="header-contact">
        {t('shell.contact.link')}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <ContactModal opened={opened} onClose={modal.close} countries={countries} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The header contact: the modal link for OEM users with countriesToOrder, else phone and e-mail. */
export function HeaderContact({
  type,
  country,
  countriesToOrder,
  stacked = false,
  contactFormPath,
}: {
  type: string;
  country: string;
  countriesToOrder?: readonly string[] | null;
  /** Where the contact form is, for users who may use it. */
  contactFormPath?: string | null;
  /** Stacked for the navigation drawer (always shown there); inline in the header from the lg breakpoint. */
  stacked?: boolean;
}) {
  const { t } = useTranslation();
  const modal = type === 'OEM' && countriesToOrder && countriesToOrder.length > 0;
  const contacts = useSupportContacts(!modal);
  if (modal) return <ContactModalLink countries={countriesToOrder} />;
  // Until staff have entered the group's contact there is no number to call: only the contact form, where allowed.
  const contact = contacts.data ? supportContactFor(contacts.data, country) : null;
  if (!contact?.phone && !contact?.email && !contactFormPath) return null;
  const subject = encodeURIComponent(t('shell.contact.subject'));
  return (
    <Group
      gap="md"
      wrap={stacked ? 'wrap' : 'nowrap'}
      visibleFrom={stacked ? undefined : 'lg'}
      data-testid={stacked ? 'drawer-contact-links' : 'header-contact'}
    >
      {contact?.phone ? (
        <Anchor href={telHref(contact.phone)} size="sm" c="gray.8" aria-label={t('shell.contact.callSupport', { phone: contact.phone })}>
          {contact.phone}
        </Anchor>
      ) : null}
      {contact?.email ? (
        <Anchor href={`mailto:${contact.email}?subject=${subject}`} size="sm" c="gray.8">
          {t('shell.contact.writeUs')}
        </Anchor>
      ) : null}
      {contactFormPath ? (
        <Anchor component={Link} to={contactFormPath} size="sm" c="gray.8" data-testid="contact-form-link">
          {t('page.titles.contact')}
        </Anchor>
      ) : null}
    </Group>
  );
}
