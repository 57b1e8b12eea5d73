import { Anchor, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { mayIssue, type Actor } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../../components/Section';
import type { Order } from '../../api/get-order';
import { Fact } from '../Fact';
import { openFile } from '../open-file';
import { useCountryName } from '../request/use-country-name';
import { EditLocalContactDialog } from './EditLocalContactDialog';
import { EditPurchaseOrderDialog } from './EditPurchaseOrderDialog';

/** The purchase order: its number ('-' for none) and document; editable while the order is submitted. */
export function PurchaseOrderBlock({ order, actor, onReload }: { order: Order; actor: Actor | null; onReload: () => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const editable = actor !== null && mayIssue('UpdatePurchaseOrder', actor, order.status);
  const po = order.po;
  return (
    <Section title={t('orders.order.po.title')} id="purchase-order">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Fact label={t('orders.order.po.number')}>
          <span data-testid="po-number">{po?.number === '-' ? t('orders.order.po.none') : po?.number}</span>
        </Fact>
        <Fact label={t('orders.order.po.document')}>
          {po?.document ? (
            <Anchor component="button" type="button" size="sm" onClick={() => void openFile(po.document!.path, t('orders.order.fileFailed'))}>
              {po.document.name}
            </Anchor>
          ) : (
            t('orders.order.po.noDocument')
          )}
        </Fact>
      </SimpleGrid>
      {editable ? (
        <Group>
          <Button variant="default" onClick={() => setEditing(true)}>
            {t('orders.order.po.edit')}
          </Button>
        </Group>
      ) : null}
      {editing ? (
        <EditPurchaseOrderDialog
          order={order}
          onClose={() => setEditing(false)}
          onReload={() => {
            setEditing(false);
            onReload();
          }}
        />
      ) : null}
    </Section>
  );
}

/** The billing address the order was accepted with (a copy: later edits of the company's addresses do not change it). */
export function BillingAddressBlock({ order }: { order: Order }) {
  const { t } = useTranslation();
  const country = useCountryName();
  const a = order.billingAddress;
  return (
    <Section title={t('orders.order.billing.title')} id="billing-address">
      {a ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Fact label={t('orders.order.billing.recipient')}>
            <div>{`${a.firstName} ${a.lastName}`}</div>
            <div>{a.department}</div>
            <div>{a.email}</div>
          </Fact>
          <Fact label={t('fields.address')}>
            <div>{a.addressLine1}</div>
            {a.addressLine2 ? <div>{a.addressLine2}</div> : null}
            <div>{[a.addressPostCode, a.addressCity].filter(Boolean).join(' ')}</div>
            {a.addressState ? <div>{a.addressState}</div> : null}
            <div>{country(a.addressCountry)}</div>
          </Fact>
          {a.taxNumber ? <Fact label={t('orders.order.billing.taxNumber')}>{a.taxNumber}</Fact> : null}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          {t('orders.order.billing.none')}
        </Text>
      )}
    </Section>
  );
}

/** Who the technicians ask for on site; editable by the customer and staff until the job is done. */
export function LocalContactBlock({ order, actor, onReload }: { order: Order; actor: Actor | null; onReload: () => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const editable = actor !== null && mayIssue('UpdateLocalContact', actor, order.status);
  const contact = order.localContact;
  return (
    <Section title={t('orders.order.localContact.title')} id="local-contact">
      {contact ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" data-testid="local-contact">
          <Fact label={t('orders.order.localContact.name')}>{contact.name}</Fact>
          <Fact label={t('orders.order.localContact.phone')}>{contact.phone}</Fact>
          <Fact label={t('fields.email')}>{contact.email}</Fact>
          <Fact label={t('orders.order.localContact.remarks')}>{contact.remarks}</Fact>
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          {t('orders.order.localContact.none')}
        </Text>
      )}
      {editable ? (
        <Group>
          <Button variant="default" onClick={() => setEditing(true)}>
            {t(contact ? 'orders.order.localContact.edit' : 'orders.order.localContact.add')}
          </Button>
        </Group>
      ) : null}
      {editing ? (
        <EditLocalContactDialog
          order={order}
          onClose={() => setEditing(false)}
          onReload={() => {
            setEditing(false);
            onReload();
          }}
        />
      ) : null}
    </Section>
  );
}

/**
 * The two tools panels of an order: what the customer provides on site and what the technicians bring.
 * Shown for orders (not quote requests) that say anything about tools.
 */
export function ToolsBlock({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { byCustomer, byProvider } = order.tools;
  if (order.type === 'quote' || (!byCustomer && !byProvider)) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Section title={t('orders.order.tools.byCustomer')} id="tools-customer">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {byCustomer || t('orders.order.tools.none')}
        </Text>
      </Section>
      <Section title={t('orders.order.tools.byProvider')} id="tools-provider">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {byProvider || t('orders.order.tools.none')}
        </Text>
      </Section>
    </SimpleGrid>
  );
}
