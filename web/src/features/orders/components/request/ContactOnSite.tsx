import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../api/get-order';
import { Fact } from '../Fact';

/** Whom the technicians ask for on site, as the customer wrote it while ordering (changed later on the order tab). */
export function ContactOnSite({ order }: { order: Order }) {
  const { t } = useTranslation();
  const contact = order.localContact;
  return (
    <Stack gap={4} data-testid="contact-on-site">
      <Text size="sm" fw={600}>
        {t('orders.detail.contactOnSite')}
      </Text>
      {contact ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Fact label={t('orders.order.localContact.name')}>{contact.name}</Fact>
          {contact.phone ? <Fact label={t('orders.order.localContact.phone')}>{contact.phone}</Fact> : null}
          {contact.email ? <Fact label={t('fields.email')}>{contact.email}</Fact> : null}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          {t('orders.detail.noContactOnSite')}
        </Text>
      )}
    </Stack>
  );
}
