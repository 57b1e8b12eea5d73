import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { Section } from '../../../components/Section';
import { useFormat } from '../../../lib/i18n/use-format';
import { Fact } from '../components/Fact';
import { BillingAddressBlock } from '../components/order/OrderBlocks';
import type { OrderOutletContext } from './offer-tab';

/** order/:refId/invoice: the order's billing (D217) — when it was billed, the invoice reference, and where the invoice goes. */
export function Component() {
  const { order } = useOutletContext<OrderOutletContext>();
  const { t } = useTranslation();
  const format = useFormat();
  const invoice = order.invoice;
  if (!invoice) return null;
  return (
    <Stack gap="lg">
      <Section title={t('orders.detail.invoice.title')} id="invoice">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" data-testid="invoice">
          <Fact label={t('orders.detail.invoice.billedAt')}>{format.dateTime(invoice.billedAt)}</Fact>
          <Fact label={t('orders.detail.invoice.reference')} testId="invoice-reference">
            {invoice.invoiceReference ?? t('orders.detail.invoice.noReference')}
          </Fact>
          {order.billingAddress?.invoiceEmail ? <Fact label={t('orders.detail.invoice.email')}>{order.billingAddress.invoiceEmail}</Fact> : null}
        </SimpleGrid>
      </Section>
      {order.billingAddress ? <BillingAddressBlock order={order} /> : null}
    </Stack>
  );
}
